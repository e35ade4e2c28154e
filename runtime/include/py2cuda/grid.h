// py2cuda runtime: cuda.grid, cuda.gridsize, cuda.laneid and cuda.warpsize.
//
// As in Numba, grid and gridsize are computed in 64 bits (each 32-bit special
// register widened before the multiply-add), so they do not overflow for grids of
// more than 2**31 threads; laneid and warpsize are int32.
#pragma once

#include <cstdint>
#include <limits>

#include "backend.h"
#include "error.h"
#include "tuple.h"

namespace py2cuda {

inline constexpr int32_t warpsize = 32;

namespace detail {
// Threads in `blocks` blocks of `block_size` threads, in 64 bits.
P2C_DEVICE P2C_INLINE int64_t threads_along(uint32_t block_size, uint32_t blocks) {
  return static_cast<int64_t>(block_size) * static_cast<int64_t>(blocks);
}
P2C_DEVICE P2C_INLINE int64_t global_index(uint32_t thread, uint32_t block, uint32_t block_size) {
  const int64_t index = threads_along(block_size, block) + static_cast<int64_t>(thread);
#if !P2C_BACKEND_CUDA
  // The emulation launches no grid past CUDA's limits (launch_config.h): an index is below
  // 2**41. Knowing it is not negative, the compiler drops the bounds check of a subscript
  // `a[i]` that the kernel's own `if i < a.size` already made (emu/bounds_check.h).
  if (index < 0) __builtin_unreachable();
#endif
  return index;
}
// The threads of a launched grid along one axis: at least one (a launch with an extent of 0
// runs no thread) and, under CUDA's limits, below 2**41; known so in the emulation, a grid-stride
// loop's step is positive (grid_stride_first).
P2C_DEVICE P2C_INLINE int64_t grid_extent(uint32_t block_size, uint32_t blocks) {
  const int64_t threads = threads_along(block_size, blocks);
#if !P2C_BACKEND_CUDA
  if (threads < 1 || threads >= (int64_t{1} << 41)) __builtin_unreachable();
#endif
  return threads;
}
}  // namespace detail

// cuda.grid(1): the thread's absolute index, threadIdx.x + blockIdx.x * blockDim.x.
P2C_DEVICE P2C_INLINE int64_t grid1() { return detail::global_index(threadIdx.x, blockIdx.x, blockDim.x); }

P2C_DEVICE P2C_INLINE tuple<int64_t, int64_t> grid2() {
  return {detail::global_index(threadIdx.x, blockIdx.x, blockDim.x),
          detail::global_index(threadIdx.y, blockIdx.y, blockDim.y)};
}

P2C_DEVICE P2C_INLINE tuple<int64_t, int64_t, int64_t> grid3() {
  return {detail::global_index(threadIdx.x, blockIdx.x, blockDim.x),
          detail::global_index(threadIdx.y, blockIdx.y, blockDim.y),
          detail::global_index(threadIdx.z, blockIdx.z, blockDim.z)};
}

// cuda.gridsize(1): the number of threads in the grid along x, blockDim.x * gridDim.x.
P2C_DEVICE P2C_INLINE int64_t gridsize1() { return detail::grid_extent(blockDim.x, gridDim.x); }

P2C_DEVICE P2C_INLINE tuple<int64_t, int64_t> gridsize2() {
  return {detail::grid_extent(blockDim.x, gridDim.x), detail::grid_extent(blockDim.y, gridDim.y)};
}

P2C_DEVICE P2C_INLINE tuple<int64_t, int64_t, int64_t> gridsize3() {
  return {detail::grid_extent(blockDim.x, gridDim.x), detail::grid_extent(blockDim.y, gridDim.y),
          detail::grid_extent(blockDim.z, gridDim.z)};
}

// The first value and the step of a grid-stride loop the translator marked (ForRange::grid_stride:
// `for i in range(start, stop, cuda.gridsize(1))`, the kernel's last statement, see
// translator/ir/grid_stride.h), written `for (i = grid_stride_first(start, step); i < stop;
// grid_stride_next(i, step))`. On the GPU that is the plain loop. Loop mode runs each thread's
// trips one at a time instead, every thread's first trip, then every thread's second
// (emu/kernel_call.h), so that a block's threads walk memory together as a warp does rather than
// each with the grid's stride: the kernel is called once per trip, and the loop runs trip
// `current.grid_stride_trip` alone. A marked kernel runs no other way in the emulation (the
// translator marks only kernels without barriers or warp collectives, which run in loop mode), so
// in the emulation the loop never goes round: the compiler then sets up nothing for a second trip
// (pointers stepped by the stride, which cost more than the trip itself).
#if !P2C_BACKEND_CUDA
namespace emu::detail {
// A marked loop reached outside a run trip by trip: only a launch whose KernelInfo lacks
// grid_stride (not one py2cuda emits) gets here. Loud rather than one trip silently.
[[noreturn, gnu::cold, gnu::noinline]] inline void grid_stride_outside_trips() {
  throw Error("py2cuda: internal error: a grid-stride loop marked for loop mode ran outside a trip-by-trip launch "
              "(its KernelInfo lacks .grid_stride = true)");
}
}  // namespace emu::detail
#endif

template <class T>
P2C_DEVICE P2C_INLINE T grid_stride_first(T start, T step) {
#if P2C_BACKEND_CUDA
  (void)step;
  return start;
#else
  const int64_t trip = emu::current.grid_stride_trip;
  if (trip < 0) emu::detail::grid_stride_outside_trips();
  const T i = static_cast<T>(start + static_cast<T>(trip) * step);
  // A range never steps past its stop, so no trip overflows: from a start known non-negative
  // (cuda.grid) with a positive step (cuda.gridsize), so is every trip's index, which lets the
  // compiler make each subscript's bounds check one comparison (emu/bounds_check.h).
  if (start >= 0 && step > 0 && i < start) __builtin_unreachable();
  return i;
#endif
}

template <class T>
P2C_DEVICE P2C_INLINE void grid_stride_next(T& i, T step) {
#if P2C_BACKEND_CUDA
  i += step;
#else
  (void)step;
  emu::current.grid_stride_tripped = true;  // ask for another round of trips
  i = std::numeric_limits<T>::max();
#endif
}

// cuda.laneid: the thread's lane in its warp.
P2C_DEVICE P2C_INLINE int32_t laneid() { return backend::laneid(); }

}  // namespace py2cuda
