// py2cuda runtime, host builds: the out-of-bounds check behind every Array subscript.
//
// array.h includes this header in host builds (unless PY2CUDA_NO_BOUNDS_CHECK is
// defined, or a test defined its own hook), so that the check is in place however the
// headers are included. Each subscript then costs a compare (check_index); a failure throws
//
//   k.py:17: out-of-bounds access: index 10 is outside dimension 0 of size 10
//   (kernel 'k' at k.py:12, block (0,0,0), thread (3,0,0))
//
// naming where the subscript was written (the Python line under #line directives)
// and the CUDA thread that made it. Inside a kernel, the emulation backend stops the
// grid and rethrows the error from launch(). PY2CUDA_EMU_BOUNDS_CHECK=0 (or
// emu::set_bounds_check(false)) lets the access go ahead unreported, as on a GPU.
#pragma once

#include <cstdint>
#include <string>

#include "../error.h"
#include "messages.h"
#include "settings.h"
#include "source_location.h"

namespace py2cuda::emu::detail {

// `where` by value (two registers) here and below: a reference would make the hot path
// store the location to memory at every subscript. noreturn, and called only when the
// report is on (reporting_bounds, below): a call that may return and write memory would
// make the compiler spill the kernel's live values around every subscript.
[[noreturn, gnu::cold, gnu::noinline]] inline void report_out_of_bounds(int64_t index, int64_t extent, int dim,
                                                                        SourceLocation where) {
  throw Error((where.known() ? where.text() + ": " : std::string("py2cuda: ")) + "out-of-bounds access: index " +
              std::to_string(index) + " is outside dimension " + std::to_string(dim) + " of size " +
              std::to_string(extent) + " (" + current_thread_text() + ")");
}

// Whether a failed check reports (PY2CUDA_EMU_BOUNDS_CHECK), asked only once a check failed.
// Read through a pure function rather than inline: an atomic load is, to GCC, an access that
// orders memory, and one inside a kernel's path (the check failed, the report is off: the loop
// goes on) kept it from moving any load out of loop mode's loop over a block's threads (the
// block's index, its shape, every argument), so each thread reloaded them all. A pure call
// writes no memory; the switch does not change while a kernel runs.
[[gnu::pure, gnu::noinline, gnu::cold]] inline bool reporting_bounds() noexcept {
  return report_bounds.load(std::memory_order_relaxed);
}

// `index` (after Python's wraparound) must be in [0, extent). Written as two signed
// comparisons, with the extent known not negative, so that the compiler can fold the check
// into what it knows of the index: `if i < a.size` before `a[i]` (with a cuda.grid index,
// grid.h) leaves nothing to check; for an index it knows nothing of, the two become the one
// unsigned comparison.
inline void check_index(int64_t index, int64_t extent, int dim, SourceLocation where) {
  if (extent < 0) __builtin_unreachable();  // a shape
  if ((index < 0 || index >= extent) && reporting_bounds()) [[unlikely]] {
    report_out_of_bounds(index, extent, dim, where);
  }
}

}  // namespace py2cuda::emu::detail

#define P2C_BOUNDS_CHECK_AT(array, dim, index, where) \
  ::py2cuda::emu::detail::check_index((index), (array).shape[(dim)], (dim), (where))
