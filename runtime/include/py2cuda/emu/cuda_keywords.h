// py2cuda runtime, CPU emulation: CUDA's keywords and built-ins for a host compiler.
//
// Lets an emitted .cu compile unchanged with g++/clang++. Included last by
// backend_emulation.h, after every standard and Boost header the runtime needs: some
// of those spell attributes with the same reserved names (libstdc++'s <memory> writes
// __attribute__((__noinline__))), which these macros would break.
//
//   __global__                        always_inline: a host function that loop mode
//                                     (kernel_call.h) inlines into its loop over a block's
//                                     threads, whatever the kernel's size
//   __device__ __host__               nothing: every function is a host function
//   __constant__ __managed__          nothing: device memory is host memory
//   __shared__                        static thread_local: an OS thread runs one block at a
//                                     time, all its CUDA threads included (grid_run.h), so a
//                                     thread-local variable is the block's shared memory. (It
//                                     is not reset between blocks: like shared memory, it
//                                     starts with whatever was there.) Only for variables
//                                     with a size; dynamic shared memory is
//                                     py2cuda::dynamic_shared<T>().
//   __forceinline__ __noinline__      the GNU attributes
//   __launch_bounds__ __maxnreg__     nothing: register allocation hints for the GPU
//   threadIdx blockIdx blockDim       the running CUDA thread's indices (context.h),
//   gridDim                           read-only, with x, y, z of type uint32_t
//   warpSize                          32
//   __syncthreads() & variants        a barrier of the block's fibers (fiber_block.h); each
//                                     records where it was called, for its error messages
//   __threadfence*()                  a sequentially consistent fence
#pragma once

#include <math.h>   // the math functions, unqualified and with float overloads, as CUDA has them
#include <stdio.h>  // printf

#include <atomic>
#include <memory>  // before __noinline__ is defined (see above)

#include "context.h"
#include "fiber_block.h"
#include "source_location.h"

#define __global__ __inline__ __attribute__((always_inline))
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __shared__ static thread_local
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __maxnreg__(n)

#define threadIdx (::py2cuda::emu::thread_index())
#define blockIdx (::py2cuda::emu::block_index())
#define blockDim (::py2cuda::emu::block_dimension())
#define gridDim (::py2cuda::emu::grid_dimension())

inline constexpr int warpSize = 32;

inline void __syncthreads(py2cuda::SourceLocation where = py2cuda::SourceLocation::current()) {
  py2cuda::emu::detail::FiberBlock::arrive(where, 0);
}

// How many threads of the block passed a non-zero predicate.
inline int __syncthreads_count(int predicate, py2cuda::SourceLocation where = py2cuda::SourceLocation::current()) {
  return py2cuda::emu::detail::FiberBlock::arrive(where, predicate);
}

// Whether every thread of the block passed a non-zero predicate.
inline int __syncthreads_and(int predicate, py2cuda::SourceLocation where = py2cuda::SourceLocation::current()) {
  const int count = py2cuda::emu::detail::FiberBlock::arrive(where, predicate);
  const py2cuda::emu::Uint3& dim = py2cuda::emu::block_dimension();
  return count == static_cast<int>(dim.x * dim.y * dim.z);
}

// Whether any thread of the block passed a non-zero predicate.
inline int __syncthreads_or(int predicate, py2cuda::SourceLocation where = py2cuda::SourceLocation::current()) {
  return py2cuda::emu::detail::FiberBlock::arrive(where, predicate) != 0;
}

inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }
