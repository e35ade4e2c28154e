// py2cuda runtime: picks the backend that runs kernels and owns device memory.
//
// Every backend provides, in namespace py2cuda::backend, the same primitives:
//   void* device_alloc(size_t bytes);                 // throws Error; nullptr for 0 bytes
//   void  device_free(void* p) noexcept;
//   void  copy_host_to_device(void* dst, const void* src, size_t bytes);
//   void  copy_device_to_host(void* dst, const void* src, size_t bytes);
//   void  copy_device_to_device(void* dst, const void* src, size_t bytes);
//   template <class T>
//   void  copy_to_symbol(T& symbol, const T& value);  // a __constant__ variable, from host code
//   void  synchronize();
//   template <class... P, class... A>
//   void  launch_kernel(void (*kernel)(P...), const LaunchConfig&, const KernelInfo&, A&&... args);
//   template <auto Kernel, class... A>                // the kernel known at compile time
//   void  launch_kernel(const LaunchConfig&, const KernelInfo&, A&&... args);
//   template <class... P>                             // forall()'s block size for `kernel`
//   uint32_t max_potential_block_size(void (*kernel)(P...), size_t shared_bytes);
//   int32_t laneid();                                 // device code: cuda.laneid
// and the device-side names the kernels use (threadIdx, blockIdx, blockDim,
// gridDim, __syncthreads, ...). Everything above them (DeviceArray, launch(),
// grid1(), ...) is written once against these.
#pragma once

#include "config.h"

#if P2C_BACKEND_CUDA
#include "backend_cuda.h"
#else
#include "backend_emulation.h"
#endif
