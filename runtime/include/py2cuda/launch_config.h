// py2cuda runtime: launch configurations and their validation.
//
// `k[blocks, threads, stream, shared_bytes](...)` in Python becomes a LaunchConfig;
// the translator records each kernel's name and Python location in a KernelInfo,
// so that every launch error names the kernel the user wrote. Backend-neutral:
// the checks are CUDA's limits, which the emulation backend enforces too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "error.h"
#include "stream.h"

namespace py2cuda {

namespace detail {
template <class I>
inline constexpr bool is_dimension_v = std::is_integral_v<I> && !std::is_same_v<I, bool>;
}  // namespace detail

// A grid or block shape. Constructible from one, two or three integers of any
// type, like Numba's launch tuples; a value outside [0, 2**32) throws Error
// rather than being silently truncated to 32 bits. (No CUDA types here, nor in
// LaunchConfig: host-only code that includes a generated header uses them too.)
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;

  constexpr Dim3() = default;

  template <class X, class Y = uint32_t, class Z = uint32_t,
            std::enable_if_t<detail::is_dimension_v<X> && detail::is_dimension_v<Y> &&
                                 detail::is_dimension_v<Z>,
                             int> = 0>
  constexpr Dim3(X x_, Y y_ = 1, Z z_ = 1) : x(component(x_)), y(component(y_)), z(component(z_)) {}

  constexpr uint64_t count() const { return uint64_t{x} * y * z; }

 private:
  template <class I>
  static constexpr uint32_t component(I value) {
    if constexpr (std::is_signed_v<I>) {
      if (value < 0) throw Error("py2cuda: launch dimension " + std::to_string(value) + " is negative");
    }
    if (static_cast<std::make_unsigned_t<I>>(value) > std::numeric_limits<uint32_t>::max()) {
      throw Error("py2cuda: launch dimension " + std::to_string(value) + " does not fit in 32 bits");
    }
    return static_cast<uint32_t>(value);
  }
};

struct LaunchConfig {
  Dim3 grid;                // blocks per grid
  Dim3 block;               // threads per block
  size_t shared_bytes = 0;  // dynamic shared memory per block
  Stream stream = {};
  // kernel.forall(0)(...): Numba returns without launching (host/forall.h).
  bool launches_nothing = false;
};

// What the translator knows about a kernel, for messages and for the backend.
struct KernelInfo {
  const char* name;      // the Python function's name
  const char* location;  // where it is defined: "k.py:12"
  // The rest default to false: a launch stub names the ones it sets
  // (`KernelInfo{.name = "k", .location = "k.py:12", .uses_barrier = true}`).
  bool uses_barrier = false;   // calls cuda.syncthreads() or another block-wide barrier
  bool uses_warp_ops = false;  // calls warp collectives (shuffles, votes, ...)
  // Calls cg.this_grid() (grid.sync()): launched cooperatively, every block resident
  // at once, as Numba launches such kernels.
  bool cooperative = false;
  // Ends in a grid-stride loop the translator marked (its ForRange::grid_stride): loop mode may
  // run that loop one trip of every thread at a time (emu/kernel_call.h).
  bool grid_stride = false;
  // Runs in loop mode and neither it nor what it calls uses shared memory, an atomic, a random
  // draw, print, a fence or an external function: its threads meet only through plain loads and
  // stores of arrays, so loop mode may run a row of blocks a row of threads at a time
  // (emu/kernel_call.h).
  bool independent_threads = false;
};

// CUDA's limits on launch shapes (the same on every architecture since sm_30).
namespace limits {
constexpr uint32_t kMaxThreadsPerBlock = 1024;
constexpr uint32_t kMaxBlockDim[3] = {1024, 1024, 64};
constexpr uint32_t kMaxGridDim[3] = {2147483647u, 65535u, 65535u};
}  // namespace limits

namespace detail {

[[noreturn]] inline void launch_error(const KernelInfo& info, const std::string& problem) {
  throw Error(std::string(info.location ? info.location : "?") + ": cannot launch kernel '" +
              (info.name ? info.name : "?") + "': " + problem);
}

inline std::string dim3_text(const Dim3& d) {
  return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

}  // namespace detail

// Throws Error, naming the kernel and its Python location, unless `cfg` is a shape
// CUDA can launch. (Device-specific limits, such as the largest dynamic shared
// memory, are left to the backend's own launch check.)
inline void validate_launch(const LaunchConfig& cfg, const KernelInfo& info) {
  static constexpr char kAxis[3] = {'x', 'y', 'z'};
  const uint32_t grid[3] = {cfg.grid.x, cfg.grid.y, cfg.grid.z};
  const uint32_t block[3] = {cfg.block.x, cfg.block.y, cfg.block.z};
  for (int d = 0; d < 3; ++d) {
    if (grid[d] == 0 || block[d] == 0) {
      detail::launch_error(info, "grid " + detail::dim3_text(cfg.grid) + " and block " +
                                     detail::dim3_text(cfg.block) + " must have no zero dimension");
    }
    if (block[d] > limits::kMaxBlockDim[d]) {
      detail::launch_error(info, std::string("block dimension ") + kAxis[d] + " is " +
                                     std::to_string(block[d]) + ", more than the limit of " +
                                     std::to_string(limits::kMaxBlockDim[d]));
    }
    if (grid[d] > limits::kMaxGridDim[d]) {
      detail::launch_error(info, std::string("grid dimension ") + kAxis[d] + " is " +
                                     std::to_string(grid[d]) + ", more than the limit of " +
                                     std::to_string(limits::kMaxGridDim[d]));
    }
  }
  if (cfg.block.count() > limits::kMaxThreadsPerBlock) {
    detail::launch_error(info, "block " + detail::dim3_text(cfg.block) + " has " +
                                   std::to_string(cfg.block.count()) + " threads, more than the limit of " +
                                   std::to_string(limits::kMaxThreadsPerBlock));
  }
}

}  // namespace py2cuda
