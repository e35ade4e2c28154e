// py2cuda runtime: the CUDA backend (nvcc), a thin layer over the CUDA runtime API.
// The primitives are those listed in backend.h; every failure throws py2cuda::Error.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
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

// A __constant__ variable's value, set from host code: `symbol` names the host's shadow of
// the device variable, which cudaMemcpyToSymbol resolves.
template <class T>
void copy_to_symbol(T& symbol, const T& value) {
  check(cudaMemcpyToSymbol(symbol, &value, sizeof(T)), "cudaMemcpyToSymbol", nullptr);
}

inline void synchronize() { check(cudaDeviceSynchronize(), "cudaDeviceSynchronize", nullptr); }

// Launches `kernel` asynchronously and reports a launch that CUDA refuses (too much
// shared memory, too many registers, no device, ...). Faults while the kernel runs
// surface at the next synchronising call. (cudaGetLastError also returns an earlier
// unchecked error, which is then reported here: the first place that can.)
namespace detail {

// The most blocks of `cfg`'s shape that can be resident on the current device at once
// for `kernel`: what a cooperative launch may use.
template <class... P>
uint64_t max_cooperative_blocks(void (*kernel)(P...), const LaunchConfig& cfg, const KernelInfo& info) {
  int device = 0, supported = 0, multiprocessors = 0, per_multiprocessor = 0;
  check(cudaGetDevice(&device), "cudaGetDevice", info.location);
  check(cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, device), "cudaDeviceGetAttribute",
        info.location);
  if (!supported) {
    ::py2cuda::detail::launch_error(info, "it calls cg.this_grid(), which needs a cooperative launch, and device " +
                                              std::to_string(device) + " does not support cooperative launches");
  }
  check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute",
        info.location);
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, static_cast<int>(cfg.block.count()),
                                                      cfg.shared_bytes),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor", info.location);
  return static_cast<uint64_t>(multiprocessors) * static_cast<uint64_t>(per_multiprocessor);
}

}  // namespace detail

// Numba's Dispatcher.max_cooperative_grid_blocks: the blocks of `threads` threads and
// `shared_bytes` of dynamic shared memory one multiprocessor keeps resident for `kernel`
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor, the runtime API's twin of the driver call
// Numba makes), times the current device's multiprocessors.
template <class... P>
uint64_t max_cooperative_grid_blocks(void (*kernel)(P...), uint64_t threads, std::size_t shared_bytes) {
  int device = 0, multiprocessors = 0, per_multiprocessor = 0;
  check(cudaGetDevice(&device), "cudaGetDevice", nullptr);
  check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute",
        nullptr);
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, static_cast<int>(threads),
                                                      shared_bytes),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor", nullptr);
  return static_cast<uint64_t>(multiprocessors) * static_cast<uint64_t>(per_multiprocessor);
}

// The block size of at most 1024 threads that gives `kernel` the most resident threads,
// `shared_bytes` of dynamic shared memory per block: what Numba's forall() launches with
// (cuOccupancyMaxPotentialBlockSize there, its runtime API twin here).
template <class... P>
uint32_t max_potential_block_size(void (*kernel)(P...), std::size_t shared_bytes) {
  int min_grid = 0, block = 0;
  check(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel, shared_bytes, 1024),
        "cudaOccupancyMaxPotentialBlockSize", nullptr);
  return static_cast<uint32_t>(block);
}

template <class... P, class... A>
void launch_kernel(void (*kernel)(P...), const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  const dim3 grid(cfg.grid.x, cfg.grid.y, cfg.grid.z);
  const dim3 block(cfg.block.x, cfg.block.y, cfg.block.z);
  const auto stream = static_cast<cudaStream_t>(cfg.stream.handle);
  if (info.cooperative) {
    // grid.sync() needs every block resident: cudaLaunchCooperativeKernel, after a check
    // that names the kernel, the grid and the limit (CUDA's own refusal says only
    // "cooperative launch too large").
    const uint64_t limit = detail::max_cooperative_blocks(kernel, cfg, info);
    if (cfg.grid.count() > limit) {
      ::py2cuda::detail::launch_error(
          info, "a cooperative launch (the kernel calls cg.this_grid()) needs every block resident at once, but grid " +
                    ::py2cuda::detail::dim3_text(cfg.grid) + " has " + std::to_string(cfg.grid.count()) +
                    " blocks and the device holds at most " + std::to_string(limit) + " blocks of " +
                    std::to_string(cfg.block.count()) + " threads with " + std::to_string(cfg.shared_bytes) +
                    " bytes of dynamic shared memory");
    }
    // The parameters converted to the kernel's types, each passed by its address.
    std::tuple<std::decay_t<P>...> params(std::forward<A>(args)...);
    std::apply(
        [&](auto&... p) {
          void* addresses[] = {static_cast<void*>(&p)..., nullptr};
          const cudaError_t status = cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), grid, block,
                                                                 addresses, cfg.shared_bytes, stream);
          if (status != cudaSuccess) {
            const std::string what = std::string("cooperative launch of kernel '") + (info.name ? info.name : "?") + "'";
            check(status, what.c_str(), info.location);
          }
        },
        params);
    return;
  }
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
