// py2cuda runtime: the CUDA backend (nvcc), a thin layer over the CUDA runtime API.
// The primitives are those listed in backend.h; every failure throws py2cuda::Error.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "error.h"
#include "launch_config.h"

namespace py2cuda::backend {

inline void* device_alloc(std::size_t bytes) {
  if (bytes == 0) return nullptr;  // nothing to allocate; every copy of 0 bytes is skipped
  void* p = nullptr;
  const cudaError_t status = cudaMalloc(&p, bytes);
  if (status != cudaSuccess) check(status, ("cudaMalloc of " + std::to_string(bytes) + " bytes").c_str(), nullptr);
  return p;
}

// Errors are ignored: this runs in destructors, and a failure here means the
// context is already broken, which the next checked call reports.
inline void device_free(void* p) noexcept {
  if (p) (void)cudaFree(p);
}

inline void copy_host_to_device(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;
  check(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to the device", nullptr);
}

inline void copy_device_to_host(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;
  check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy to the host", nullptr);
}

inline void copy_device_to_device(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;
  check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy on the device", nullptr);
}

inline void synchronize() { check(cudaDeviceSynchronize(), "cudaDeviceSynchronize", nullptr); }

// Launches `kernel` asynchronously and reports a launch that CUDA refuses (too much
// shared memory, too many registers, no device, ...). Faults while the kernel runs
// surface at the next synchronising call. (cudaGetLastError also returns an earlier
// unchecked error, which is then reported here: the first place that can.)
template <class... P, class... A>
void launch_kernel(void (*kernel)(P...), const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  const dim3 grid(cfg.grid.x, cfg.grid.y, cfg.grid.z);
  const dim3 block(cfg.block.x, cfg.block.y, cfg.block.z);
  const auto stream = static_cast<cudaStream_t>(cfg.stream.handle);
  kernel<<<grid, block, cfg.shared_bytes, stream>>>(std::forward<A>(args)...);
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) {
    const std::string what = std::string("launch of kernel '") + (info.name ? info.name : "?") + "'";
    check(status, what.c_str(), info.location);
  }
}

// The kernel as a template argument (what emitted launch stubs use): the same launch.
template <auto Kernel, class... A>
void launch_kernel(const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  launch_kernel(Kernel, cfg, info, std::forward<A>(args)...);
}

// cuda.laneid, read from the %laneid register as Numba does.
__device__ __forceinline__ int32_t laneid() {
  int32_t lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

}  // namespace py2cuda::backend
