// py2cuda runtime: launching kernels, what the emitted launch stubs call.
//
//   py2cuda::launch(add_kernel, cfg, kAddInfo, x, y, out);
//
// validates the configuration (Error naming the kernel and its Python location),
// then hands the launch to the backend, which reports a launch CUDA refuses the
// same way. Arguments convert to the kernel's parameter types as in a call, so a
// DeviceArray can be passed where the kernel takes an Array view.
#pragma once

#include <utility>

#include "backend.h"
#include "launch_config.h"

namespace py2cuda {

template <class... P, class... A>
void launch(void (*kernel)(P...), const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  static_assert(sizeof...(P) == sizeof...(A), "py2cuda::launch: wrong number of kernel arguments");
  if (cfg.launches_nothing) return;
  validate_launch(cfg, info);
  backend::launch_kernel(kernel, cfg, info, std::forward<A>(args)...);
}

// The same, the kernel given as a template argument, which is what the translator
// emits: py2cuda::launch<add_kernel>(cfg, kAddInfo, x, y, out). The CPU emulation
// can then inline the kernel into its loop over a block's threads.
template <auto Kernel, class... A>
void launch(const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  if (cfg.launches_nothing) return;
  validate_launch(cfg, info);
  backend::launch_kernel<Kernel>(cfg, info, std::forward<A>(args)...);
}

// Waits for all queued work and reports any error it raised (a fault in a kernel).
inline void synchronize() { backend::synchronize(); }

}  // namespace py2cuda
