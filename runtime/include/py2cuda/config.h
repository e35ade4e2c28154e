// py2cuda runtime: compilation-mode switches shared by every runtime header.
//
// The same headers are compiled three ways: by nvcc for the GPU (device pass and
// host pass), and by a plain host compiler (g++/clang++) for the backend-neutral
// pieces and for the CPU emulation. These macros hide the CUDA keywords from
// the host compiler so that one definition serves all of them.
#pragma once

#if defined(__CUDACC__)
// nvcc: code runs on the GPU; kernels launch through the CUDA runtime.
#define P2C_BACKEND_CUDA 1
#define P2C_HD __host__ __device__
// Before a P2C_HD template that host code also instantiates with host-only types (a tuple
// of std::string): nvcc checks each instantiation for the side it is used on, not both.
#define P2C_HD_TEMPLATE _Pragma("nv_exec_check_disable")
#define P2C_DEVICE __device__
#define P2C_INLINE __forceinline__
// Before a loop NVVM would unroll for nothing: a rare path whose copies only grow the code.
// (The host pass's compiler does not know the pragma.)
#if defined(__CUDA_ARCH__)
#define P2C_NO_UNROLL _Pragma("unroll 1")
#else
#define P2C_NO_UNROLL
#endif
#else
// A plain host compiler: the CUDA keywords mean nothing here.
#define P2C_BACKEND_CUDA 0
#define P2C_HD
#define P2C_HD_TEMPLATE
#define P2C_DEVICE
#define P2C_INLINE inline
#define P2C_NO_UNROLL
#endif
