// py2cuda runtime, CPU emulation: a kernel and its arguments, ready to run per thread.
//
// The arguments are converted to the kernel's parameter types once per launch (a
// DeviceArray to its Array view, ...) and kept; each CUDA thread then calls the kernel
// with its own copies, as a GPU thread receives its own parameters.
//
// Loop mode (no barriers, no warp collectives) runs a whole block in run_block_loop,
// one thread after another: moving to the next thread is two stores (its index and
// linear index), and the only call per thread is the kernel itself (through its
// pointer, which launch() receives as a value, so the call cannot be inlined).
#pragma once

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../thread_exit.h"
#include "context.h"
#include "grid_run.h"

namespace py2cuda::emu::detail {

template <class... P>
class KernelCall {
 public:
  template <class... A>
  explicit KernelCall(void (*kernel)(P...), A&&... args) : kernel_(kernel), args_(std::forward<A>(args)...) {}

  KernelBody body() const { return {&run_block_loop, &run_thread, this}; }

 private:
  // A thread that ends early (thread_exit.h: Numba's silent return after an
  // exception in a non-debug kernel) has simply returned.
  static void run_thread(const void* self) {
    const KernelCall& call = *static_cast<const KernelCall*>(self);
    try {
      std::apply(call.kernel_, call.args_);
    } catch (const ThreadExit&) {
    }
  }

  static void run_block_loop(const void* self) {
    const KernelCall& call = *static_cast<const KernelCall*>(self);
    const Uint3 dim = current.block_dim;
    uint32_t linear = 0;
    for (uint32_t z = 0; z < dim.z; ++z) {
      for (uint32_t y = 0; y < dim.y; ++y) {
        for (uint32_t x = 0; x < dim.x; ++x) {
          current.thread_idx = {x, y, z};
          current.thread_linear = linear++;
          try {
            std::apply(call.kernel_, call.args_);
          } catch (const ThreadExit&) {
          }
        }
      }
    }
  }

  void (*kernel_)(P...);
  std::tuple<std::decay_t<P>...> args_;
};

}  // namespace py2cuda::emu::detail
