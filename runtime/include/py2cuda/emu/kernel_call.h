// py2cuda runtime, CPU emulation: a kernel and its arguments, ready to run per thread.
//
// The arguments are converted to the kernel's parameter types once per launch (a
// DeviceArray to its Array view, ...) and kept; each CUDA thread then calls the kernel
// with its own copies, as a GPU thread receives its own parameters.
//
// Loop mode (no barriers, no warp collectives) runs a whole block in run_block_loop,
// one thread after another: moving to the next thread is one store (its x index) and a
// call of the kernel. How the kernel is called is the Callee:
//   KernelConstant<k>  the kernel is a template argument (py2cuda::launch<k>, what the
//                      translator emits): a direct call, which the compiler inlines
//                      into the loop, so a thread costs about what a loop iteration does;
//   KernelPointer      the kernel given as a value (py2cuda::launch(k, ...)): an
//                      indirect call per thread.
// A kernel that ends in a grid-stride loop runs that loop trip-major (run_block_loop).
#pragma once

#include <cstddef>
#include <cstdint>
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
    // One block (grid_run.h groups only grid-stride kernels' blocks), its index already set.
    const std::tuple<std::decay_t<P>...> args = call.args_;
    run_threads<false>(call.callee_, args, nullptr);
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
          run_threads<true>(call.callee_, args, &exited, b * block_threads);
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
    const Uint3 dim = current.block_dim;
    for (uint32_t z = 0; z < dim.z; ++z) {
      current.thread_idx.z = z;
      for (uint32_t y = 0; y < dim.y; ++y) {
        current.thread_idx.y = y;
        const uint32_t row = (z * dim.y + y) * dim.x;
        for (uint32_t x = 0; x < dim.x; ++x) {
          if (exited.marked[base + row + x]) continue;
          current.thread_idx.x = x;
          if (run_thread_ended_early(call)) exited.marked[base + row + x] = true;
        }
      }
    }
  }

  // Calls the kernel for every thread of the current block, one after another; ByTrip: marking
  // in `exited` (from `base` on) the threads that end early.
  template <bool ByTrip, class Args>
  [[gnu::always_inline]] static void run_threads(const Callee& callee, const Args& args, ExitedThreads* exited,
                                                 uint64_t base = 0) {
    const Uint3 dim = current.block_dim;
    // Each index is stored where it changes: per thread only x.
    for (uint32_t z = 0; z < dim.z; ++z) {
      current.thread_idx.z = z;
      for (uint32_t y = 0; y < dim.y; ++y) {
        current.thread_idx.y = y;
        const uint32_t row = (z * dim.y + y) * dim.x;
        // The try block spans the row: a thread that ends early resumes it at the next
        // thread by leaving the hot loop and entering it again. (A try block per thread would
        // join the exception's path to the loop's, and the compiler would then keep every
        // argument in memory across every subscript's check, whose failure throws.) x counts in
        // 64 bits, as the kernel's cuda.grid index does: the compiler then steps one induction
        // variable for both rather than two (a quarter of the stencil's instructions).
        for (uint64_t x = 0; x < dim.x;) {
          try {
            for (; x < dim.x; ++x) {
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
              exited->marked[base + row + x] = true;
              exited->any = true;
            }
            ++x;
          }
        }
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
