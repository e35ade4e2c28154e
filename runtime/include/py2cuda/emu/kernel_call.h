// py2cuda runtime, CPU emulation: a kernel and its arguments, ready to run per thread.
//
// The arguments are converted to the kernel's parameter types once per launch (a
// DeviceArray to its Array view, ...) and kept; each CUDA thread then calls the kernel
// with its own copies, as a GPU thread receives its own parameters.
//
// Loop mode (no barriers, no warp collectives) runs a whole block in run_block_loop,
// one thread after another: moving to the next thread is one store (its x index) and a
// call of the kernel. A kernel whose threads meet only through plain loads and stores
// (KernelInfo::independent_threads) runs several blocks of a row of the grid together, a
// row of threads of each in turn (run_blocks_by_row). How the kernel is called is the Callee:
//   KernelConstant<k>  the kernel is a template argument (py2cuda::launch<k>, what the
//                      translator emits): a direct call, which the compiler inlines
//                      into the loop, so a thread costs about what a loop iteration does;
//   KernelPointer      the kernel given as a value (py2cuda::launch(k, ...)): an
//                      indirect call per thread.
// A kernel that ends in a grid-stride loop runs that loop trip-major (run_block_loop).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../thread_exit.h"
#include "context.h"
#include "grid_run.h"
#include "race_hooks.h"

namespace py2cuda::emu::detail {

template <auto Kernel>
struct KernelConstant {
  // always_inline: the kernel (itself always_inline) then lands in run_block_loop's loop, whatever
  // the compiler's estimate of that loop's size.
  template <class... A>
  [[gnu::always_inline]] void operator()(const A&... args) const {
    Kernel(args...);
  }
};

template <class... P>
struct KernelPointer {
  void (*kernel)(P...);
  template <class... A>
  void operator()(const A&... args) const {
    kernel(args...);
  }
};

template <class Callee, class... P>
class KernelCall {
 public:
  template <class... A>
  explicit KernelCall(Callee callee, A&&... args) : callee_(callee), args_(std::forward<A>(args)...) {
#ifdef PY2CUDA_RACECHECK
    race::register_arguments(args_);
#endif
  }

  KernelBody body() const { return {&run_block_loop, &run_thread, this}; }

 private:
  // A thread that ends early (thread_exit.h: Numba's silent return after an
  // exception in a non-debug kernel) has simply returned.
  static void run_thread(const void* self) { (void)run_thread_ended_early(*static_cast<const KernelCall*>(self)); }

  // The kernel's one copy outside loop mode's loops (noinline: fiber mode and the grid-stride
  // rounds after a thread ended early share it); true if the thread ended early.
  [[gnu::noinline]] static bool run_thread_ended_early(const KernelCall& call) {
    bool ended_early = false;
    try {
      std::apply(call.callee_, call.args_);
    } catch (const ThreadExit&) {
      ended_early = true;
    }
    P2C_RACE_FLUSH();
    return ended_early;
  }

  // The kernel itself is always_inline (__global__, emu/cuda_keywords.h); what it
  // calls is inlined as the compiler sees fit. ([[gnu::flatten]] here inlined the
  // emulator's warp collectives and error reports too: minutes and gigabytes to
  // compile some kernels.)
  static void run_block_loop(const void* self, uint64_t first_block, uint64_t blocks) {
    const KernelCall& call = *static_cast<const KernelCall*>(self);
    if (current.kernel->grid_stride) {
      run_blocks_by_trip(call, first_block, blocks);
      return;
    }
    // A local copy of the arguments: the kernel's stores through its arrays cannot
    // change it, so the compiler keeps scalars and array views in registers.
    const std::tuple<std::decay_t<P>...> args = call.args_;
    run_blocks_by_row(call.callee_, args, blocks);
  }

  // `blocks` blocks along x from the current one (the first's index set), a row of threads at a
  // time: row y of each block in turn, then row y + 1. More than one block only for a kernel
  // marked KernelInfo::independent_threads (grid_run.h), whose threads meet only through plain
  // loads and stores, so that this is an order a GPU may run them in; the threads then read each
  // array's rows from left to right, as a loop over a 2-D array written by hand does, where a
  // block at a time reads a narrow tile (a 16 x 16 block: 64 bytes of each row of floats). A
  // failure is reported as if the blocks had run one after another: once a block fails, the
  // blocks after it stop, the blocks before it finish (a lower one may fail in a later row), and
  // the lowest failing block's failure is rethrown.
  template <class Args>
  static void run_blocks_by_row(const Callee& callee, const Args& args, uint64_t blocks) {
    const Uint3 dim = current.block_dim;
    const uint32_t first = current.block_idx.x;
    const uint64_t rows = uint64_t{dim.y} * dim.z;
    std::exception_ptr failure;
    uint32_t failed_block = 0;
    for (uint64_t row = 0; row < rows && blocks > 0;) {
      try {
        run_rows_from(callee, args, first, blocks, row);
        break;
      } catch (...) {
        failure = std::current_exception();
        failed_block = current.block_idx.x;
        blocks = failed_block - first;
        row = uint64_t{current.thread_idx.z} * dim.y + current.thread_idx.y + 1;  // the failed thread's next row
      }
    }
    if (failure) {
      current.block_idx.x = failed_block;
      std::rethrow_exception(failure);
    }
  }

  // The rows of threads from row `from` (z * blockDim.y + y) on, of `blocks` blocks from block
  // `first` (x) on.
  template <class Args>
  static void run_rows_from(const Callee& callee, const Args& args, uint32_t first, uint64_t blocks, uint64_t from) {
    const uint32_t width = current.block_dim.x;
    for_each_row_from(from, [&](uint64_t) {
      for (uint64_t b = 0; b < blocks; ++b) {
        current.block_idx.x = first + static_cast<uint32_t>(b);
        run_row(callee, args, width);
      }
    });
  }

  // A kernel ending in a grid-stride loop (KernelInfo::grid_stride) runs trip after trip: each
  // round calls the kernel once per thread of each of its `blocks` blocks, and the loop runs trip
  // `grid_stride_trip` alone (grid.h), until a round in which no thread had a trip left; the
  // blocks' threads then read a contiguous run of each array per round, as a GPU's warps do.
  // Each thread's trips still run in its own order, and the threads of a kernel without
  // barriers, warp collectives or shared memory are unordered, so this is one of the orders a GPU
  // may run them in; what a thread computes before the loop the translator proved free of
  // effects, so computing it again each round changes nothing (translator/ir/grid_stride.h). A
  // thread that ends early (ThreadExit) is left out of the later rounds: those rounds call the
  // kernel's outlined copy per thread (run_threads_left_in), so that the hot loop tests nothing
  // per thread for threads that ended, which they rarely do.
  [[gnu::noinline]] static void run_blocks_by_trip(const KernelCall& call, uint64_t first_block, uint64_t blocks) {
    const std::tuple<std::decay_t<P>...> args = call.args_;
    const Uint3 dim = current.block_dim;
    const uint64_t block_threads = uint64_t{dim.x} * dim.y * dim.z;
    ExitedThreads exited{std::vector<bool>(blocks * block_threads), false};
    for (int64_t trip = 0;; ++trip) {
      current.grid_stride_trip = trip;
      current.grid_stride_tripped = false;
      for (uint64_t b = 0; b < blocks; ++b) {
        current.block_idx = unflatten(first_block + b, current.grid_dim);
        if (!exited.any) [[likely]] {
          run_threads(call.callee_, args, exited, b * block_threads);
        } else {
          run_threads_left_in(call, exited, b * block_threads);
        }
      }
      if (!current.grid_stride_tripped) break;
    }
    current.grid_stride_trip = -1;
  }

  // The threads of a grid-stride run that ended early.
  struct ExitedThreads {
    std::vector<bool> marked;
    bool any;
  };

  // A round of the current block once some thread of the run has ended early: the threads not
  // marked in `exited` (from `base` on), each through the kernel's outlined copy.
  [[gnu::noinline, gnu::cold]] static void run_threads_left_in(const KernelCall& call, ExitedThreads& exited,
                                                               uint64_t base) {
    const uint32_t width = current.block_dim.x;
    for_each_row([&](uint64_t row) {
      for (uint32_t x = 0; x < width; ++x) {
        if (exited.marked[base + row + x]) continue;
        current.thread_idx.x = x;
        if (run_thread_ended_early(call)) exited.marked[base + row + x] = true;
      }
    });
  }

  // A round of every thread of the current block, marking in `exited` (from `base` on) the
  // threads that end early.
  template <class Args>
  [[gnu::always_inline]] static void run_threads(const Callee& callee, const Args& args, ExitedThreads& exited,
                                                 uint64_t base) {
    const uint32_t width = current.block_dim.x;
    for_each_row([&](uint64_t row) __attribute__((always_inline)) {
      run_row_body<true>(callee, args, width, &exited, base + row);
    });
  }

  // Calls visit(row) for each row of threads of a block, in order, its y and z indices set (each
  // index is stored where it changes); `row` is the row's first thread's linear index.
  template <class Visit>
  [[gnu::always_inline]] static void for_each_row(const Visit& visit) {
    for_each_row_from(0, visit);
  }

  // for_each_row from row `from` (z * blockDim.y + y) on.
  template <class Visit>
  [[gnu::always_inline]] static void for_each_row_from(uint64_t from, const Visit& visit) {
    const Uint3 dim = current.block_dim;
    uint32_t y = static_cast<uint32_t>(from % dim.y);
    for (uint32_t z = static_cast<uint32_t>(from / dim.y); z < dim.z; ++z, y = 0) {
      current.thread_idx.z = z;
      for (; y < dim.y; ++y) {
        current.thread_idx.y = y;
        visit((uint64_t{z} * dim.y + y) * dim.x);
      }
    }
  }

  // Calls the kernel for the `width` threads of the current row of the current block (its y and z
  // set). A function of its own, called once a row: its loop then keeps the arguments in
  // registers, where inlined into the loops over rows and blocks (and their exception handler)
  // it had too few left for them.
  template <class Args>
  [[gnu::noinline]] static void run_row(const Callee& callee, const Args& args, uint32_t width) {
    run_row_body<false>(callee, args, width, nullptr, 0);
  }

  // run_row, and a grid-stride round's row; ByTrip: marking in `exited` (from `base`, the row's
  // first thread, on) the threads that end early.
  template <bool ByTrip, class Args>
  [[gnu::always_inline]] static void run_row_body(const Callee& callee, const Args& args, uint32_t width,
                                                  ExitedThreads* exited, uint64_t base) {
    // The try block spans the row: a thread that ends early resumes it at the next thread by
    // leaving the hot loop and entering it again. (A try block per thread would join the
    // exception's path to the loop's, and the compiler would then keep every argument in memory
    // across every subscript's check, whose failure throws.) x counts in 64 bits, as the
    // kernel's cuda.grid index does: the compiler then steps one induction variable for both
    // rather than two (a quarter of the stencil's instructions).
    for (uint64_t x = 0; x < width;) {
      try {
        for (; x < width; ++x) {
          current.thread_idx.x = static_cast<uint32_t>(x);
          // The kernel (always_inline, __global__ in emu/cuda_keywords.h) lands here, in the
          // loop over the threads, where the compiler keeps what does not change from one
          // thread to the next (the arguments, the block's index) out of the loop.
          call_kernel(callee, args, std::index_sequence_for<P...>{});
          P2C_RACE_FLUSH();
        }
      } catch (const ThreadExit&) {
        P2C_RACE_FLUSH();
        if constexpr (ByTrip) {
          exited->marked[base + x] = true;
          exited->any = true;
        }
        ++x;
      }
    }
  }

  // std::apply without its layers of calls, which the compiler may decline to inline into
  // run_block_loop's loop.
  template <class Args, std::size_t... I>
  [[gnu::always_inline]] static void call_kernel(const Callee& callee, const Args& args, std::index_sequence<I...>) {
    callee(std::get<I>(args)...);
  }

  Callee callee_;
  std::tuple<std::decay_t<P>...> args_;
};

}  // namespace py2cuda::emu::detail
