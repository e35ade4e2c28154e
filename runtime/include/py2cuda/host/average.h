// py2cuda host runtime: np.average (numpy/lib/function_base.py's order: the weights
// summed and the products summed, each pairwise in float64, then divided) and np.ptp.
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

// np.average(a, weights=w) over every element (a and w of one shape): result_type(a, w, float64).
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

}  // namespace py2cuda::host
