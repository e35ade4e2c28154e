// py2cuda host runtime: np.average (numpy/lib/function_base.py's order: the weights
// summed and the products summed, each pairwise in the result type R, then divided) and np.ptp.
#pragma once

#include <cstdint>

#include "exceptions.h"
#include "ndarray.h"
#include "reductions.h"

namespace py2cuda::host {

// np.average(a) without weights: np.mean(a).
template <class T, int N>
auto average(const NDArray<T, N>& a) {
  return mean(a);
}

// np.average(a, weights=w) over every element (a and w of one shape): R is result_type(a, w), float64 joining it for integer a.
template <class R, class T, class W, int N>
R average(const NDArray<T, N>& a, const NDArray<W, N>& weights) {
  if (a.shape() != weights.shape()) {
    throw PyException("TypeError", "Axis must be specified when shapes of a and weights differ.");
  }
  const R scale = sum<R>(weights);
  if (scale == R(0)) throw PyException("ZeroDivisionError", "Weights sum to zero, can't be normalized");
  NDArray<R, N> products(a.shape());
  int64_t i = 0;
  const NDArray<T, N> ac = a.copy();
  const NDArray<W, N> wc = weights.copy();
  for (int64_t n = products.size(); i < n; ++i) products.data()[i] = static_cast<R>(ac.data()[i]) * static_cast<R>(wc.data()[i]);
  return sum(products) / scale;
}

// np.ptp(a): max(a) - min(a) in a's type (integers wrap as NumPy's subtract does).
template <class T, int N>
T ptp(const NDArray<T, N>& a) {
  return scalar::subtract(max(a), min(a));
}

// np.average(a, axis) without weights: np.mean(a, axis) (N >= 2).
template <class T, int N>
auto average(const NDArray<T, N>& a, int axis) {
  return mean(a, axis);
}

// np.average(a, axis, weights=w) (N >= 2): w of a's shape, or 1-D along `axis` (NumPy
// broadcasts it there). Each line's weights and products are summed as np.sum(axis) sums
// them, then divided.
template <class R, class T, class W, int N, int M>
NDArray<R, N - 1> average(const NDArray<T, N>& a, int axis, const NDArray<W, M>& weights) {
  static_assert(M == N || M == 1, "np.average weights: a's shape or 1-D");
  axis = detail::normalize_axis<N>(axis);
  NDArray<R, N> products(a.shape());
  const NDArray<T, N> ac = a.copy();
  const int64_t count = products.size();
  NDArray<R, N - 1> scale;
  if constexpr (M == N) {
    if (a.shape() != weights.shape()) throw PyException("TypeError", "1D weights expected when shapes of a and weights differ.");
    const NDArray<W, N> wc = weights.copy();
    for (int64_t i = 0; i < count; ++i) products.data()[i] = static_cast<R>(ac.data()[i]) * static_cast<R>(wc.data()[i]);
    scale = sum<R>(weights, axis);
  } else {
    if (weights.shape(0) != a.shape(axis)) throw PyException("ValueError", "Length of weights not compatible with specified axis.");
    int64_t inner = 1;
    for (int d = axis + 1; d < N; ++d) inner *= a.shape(d);
    const NDArray<W, 1> wc = weights.copy();
    for (int64_t i = 0; i < count; ++i) {
      products.data()[i] = static_cast<R>(ac.data()[i]) * static_cast<R>(wc.data()[(i / inner) % wc.shape(0)]);
    }
    const R total = sum<R>(weights);
    scale = NDArray<R, N - 1>(drop_axis(a, axis).shape());
    for (int64_t i = 0, n = scale.size(); i < n; ++i) scale.data()[i] = total;
  }
  for (int64_t i = 0, n = scale.size(); i < n; ++i) {
    if (scale.data()[i] == R(0)) throw PyException("ZeroDivisionError", "Weights sum to zero, can't be normalized");
  }
  NDArray<R, N - 1> result = sum<R>(products, axis);
  for (int64_t i = 0, n = result.size(); i < n; ++i) result.data()[i] = result.data()[i] / scale.data()[i];
  return result;
}

// np.ptp(a, axis) (N >= 2): max - min along the axis.
template <class T, int N>
NDArray<T, N - 1> ptp(const NDArray<T, N>& a, int axis) {
  NDArray<T, N - 1> result = max(a, axis);
  const NDArray<T, N - 1> low = min(a, axis);
  for (int64_t i = 0, n = result.size(); i < n; ++i) result.data()[i] = scalar::subtract(result.data()[i], low.data()[i]);
  return result;
}

}  // namespace py2cuda::host
