// py2cuda host runtime: numba-cuda's reduction, `@cuda.reduce def op(a, b)` called as `op(arr, init=0)`.
//
//   float total = py2cuda::host::numba_reduce(d_out, sum_reduce, 0.0f);
//
// numba-cuda (numba/cuda/kernels/reduction.py, Reduce.__call__) reduces on the GPU in a fixed
// order: blocks of 4 warps, at most 64 of them, each thread folding a block-strided run of
// the elements, then a tree within each warp, the warps pairwise, one partial per block, the
// array's tail (size % 128 elements) in one more block, and a last launch over the partials.
// This computes the same combinations in the same order (on the host, after copying the
// array there), so a float reduction gives the value Numba's gives, not merely a close one.
// `op` is the host instance of the decorated function; each result is stored as the array's
// dtype, as Numba's shared-memory partials store it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "device_ndarray.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

inline constexpr int64_t kReduceWarp = 32;
inline constexpr int64_t kReduceWarps = 4;
inline constexpr int64_t kReduceBlock = kReduceWarp * kReduceWarps;

// inner_warp_reduction: lane i combines lane i + width, width 16, 8, ..., 1.
template <class T, class Op>
void reduce_warp(T* lanes, Op op) {
  for (int64_t width = kReduceWarp / 2; width; width /= 2) {
    for (int64_t lane = 0; lane < width; ++lane) lanes[lane] = static_cast<T>(op(lanes[lane], lanes[lane + width]));
  }
}

// device_reduce_full_block: block `block` of `blocks`, 128 threads over x[0, n).
template <class T, class Op>
T reduce_full_block(const T* x, int64_t n, int64_t block, int64_t blocks, Op op) {
  T sm[kReduceWarps][kReduceWarp];
  const int64_t step = kReduceBlock * blocks;
  for (int64_t tid = 0; tid < kReduceBlock; ++tid) {
    const int64_t start = tid + kReduceBlock * block;
    T tmp = x[start];
    for (int64_t i = start + step; i < n; i += step) tmp = static_cast<T>(op(tmp, x[i]));
    sm[tid / kReduceWarp][tid % kReduceWarp] = tmp;
  }
  for (auto& warp : sm) reduce_warp(warp, op);
  for (int64_t tid = 0; tid < 2; ++tid) sm[tid][0] = static_cast<T>(op(sm[tid][0], sm[tid + 2][0]));
  return static_cast<T>(op(sm[0][0], sm[1][0]));
}

// device_reduce_partial_block: one block of n <= 128 threads, one element each.
template <class T, class Op>
T reduce_partial_block(const T* x, int64_t n, Op op) {
  T sm[kReduceWarps][kReduceWarp] = {};
  for (int64_t tid = 0; tid < n; ++tid) sm[tid / kReduceWarp][tid % kReduceWarp] = x[tid];
  const int64_t warps = (n + kReduceWarp - 1) / kReduceWarp;
  for (int64_t w = 0; w < warps; ++w) {
    if ((w + 1) * kReduceWarp < n) {
      reduce_warp(sm[w], op);
    } else {
      // The last warp, fully populated or not: lane 0 folds its lanes in order.
      for (int64_t i = 1; i < n - w * kReduceWarp; ++i) sm[w][0] = static_cast<T>(op(sm[w][0], sm[w][i]));
    }
  }
  T result = sm[0][0];
  for (int64_t w = 1; w < warps; ++w) result = static_cast<T>(op(result, sm[w][0]));
  return result;
}

}  // namespace detail

template <class T, class Op>
T numba_reduce(const NDArray<T, 1>& arr, Op op, T init) {
  const int64_t n = arr.size();
  if (n < 1) return init;
  std::vector<T> x(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i) x[static_cast<std::size_t>(i)] = arr(i);
  const int64_t size_full = n / detail::kReduceBlock * detail::kReduceBlock;
  const int64_t size_partial = n - size_full;
  const int64_t full_blocks = std::min<int64_t>(size_full / detail::kReduceBlock, detail::kReduceWarp * 2);
  std::vector<T> partials;
  for (int64_t b = 0; b < full_blocks; ++b) {
    partials.push_back(detail::reduce_full_block(x.data(), size_full, b, full_blocks, op));
  }
  if (full_blocks) partials[0] = static_cast<T>(op(partials[0], init));
  if (size_partial) {
    partials.push_back(detail::reduce_partial_block(x.data() + size_full, size_partial, op));
    if (!full_blocks) partials[0] = static_cast<T>(op(partials[0], init));
  }
  if (partials.size() > 1) partials[0] = detail::reduce_partial_block(partials.data(), static_cast<int64_t>(partials.size()), op);
  return partials[0];
}

template <class T, class Op>
T numba_reduce(const DeviceNDArray<T, 1>& arr, Op op, T init) {
  return numba_reduce(arr.copy_to_host(), op, init);
}

}  // namespace py2cuda::host
