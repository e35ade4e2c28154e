// py2cuda runtime, CPU emulation: a kernel and its arguments, ready to run per thread.
//
// The arguments are converted to the kernel's parameter types once per launch (a
// DeviceArray to its Array view, ...) and kept; each CUDA thread then calls the kernel
// with its own copies, as a GPU thread receives its own parameters.
//
// Loop mode (no barriers, no warp collectives) runs a whole block in run_block_loop,
// one thread after another: moving to the next thread is two stores (its x index and
// linear index) and a call of the kernel. How the kernel is called is the Callee:
//   KernelConstant<k>  the kernel is a template argument (py2cuda::launch<k>, what the
//                      translator emits): a direct call, which the compiler inlines
//                      into the loop, so a thread costs about what a loop iteration does;
//   KernelPointer      the kernel given as a value (py2cuda::launch(k, ...)): an
//                      indirect call per thread.
#pragma once

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../thread_exit.h"
#include "context.h"
#include "grid_run.h"
#include "race_hooks.h"

namespace py2cuda::emu::detail {

template <auto Kernel>
struct KernelConstant {
  template <class... A>
  void operator()(const A&... args) const {
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
  static void run_thread(const void* self) {
    const KernelCall& call = *static_cast<const KernelCall*>(self);
    try {
      std::apply(call.callee_, call.args_);
    } catch (const ThreadExit&) {
    }
    P2C_RACE_FLUSH();
  }

  // The kernel itself is always_inline (__global__, emu/cuda_keywords.h); what it
  // calls is inlined as the compiler sees fit. ([[gnu::flatten]] here inlined the
  // emulator's warp collectives and error reports too: minutes and gigabytes to
  // compile some kernels.)
  static void run_block_loop(const void* self) {
    const KernelCall& call = *static_cast<const KernelCall*>(self);
    // A local copy of the arguments: the kernel's stores through its arrays cannot
    // change it, so the compiler keeps scalars and array views in registers.
    const std::tuple<std::decay_t<P>...> args = call.args_;
    const Uint3 dim = current.block_dim;
    // Each index is stored where it changes: per thread only x and the linear index.
    for (uint32_t z = 0; z < dim.z; ++z) {
      current.thread_idx.z = z;
      for (uint32_t y = 0; y < dim.y; ++y) {
        current.thread_idx.y = y;
        const uint32_t row = (z * dim.y + y) * dim.x;
        // The try block spans the row: a thread that ends early resumes it at the next
        // thread by leaving the hot loop and entering it again. (A try block per thread would
        // join the exception's path to the loop's, and the compiler would then keep every
        // argument in memory across every subscript's check, whose failure throws.)
        for (uint32_t x = 0; x < dim.x;) {
          try {
            for (; x < dim.x; ++x) {
              current.thread_idx.x = x;
              current.thread_linear = row + x;
              std::apply(call.callee_, args);
              P2C_RACE_FLUSH();
            }
          } catch (const ThreadExit&) {
            P2C_RACE_FLUSH();
            ++x;
          }
        }
      }
    }
  }

  Callee callee_;
  std::tuple<std::decay_t<P>...> args_;
};

}  // namespace py2cuda::emu::detail
