// py2cuda host runtime: np.bincount(x, weights=None, minlength=0), NumPy 1.26's counts
// (int64) or weighted sums (float64, added in x's order) and its ValueErrors.
#pragma once

#include <algorithm>
#include <cstdint>

#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

// The length of bincount's result: max(x) + 1, at least minlength; x's elements are
// checked first, as NumPy checks them.
template <class T>
int64_t bincount_length(const NDArray<T, 1>& x, int64_t minlength) {
  if (minlength < 0) throw PyException("ValueError", "'minlength' must not be negative");
  int64_t top = -1;
  for (int64_t i = 0, n = x.shape(0); i < n; ++i) {
    const auto v = static_cast<int64_t>(x.data()[i * x.stride(0)]);
    if (v < 0) throw PyException("ValueError", "'list' argument must have no negative elements");
    top = std::max(top, v);
  }
  return std::max(top + 1, minlength);
}

}  // namespace detail

// np.bincount(x, minlength=0): how many times each value 0..max(x) occurs.
template <class T>
NDArray<int64_t, 1> bincount(const NDArray<T, 1>& x, int64_t minlength = 0) {
  NDArray<int64_t, 1> counts(Shape<1>{detail::bincount_length(x, minlength)});
  for (int64_t i = 0, n = x.shape(0); i < n; ++i) ++counts.data()[static_cast<int64_t>(x.data()[i * x.stride(0)])];
  return counts;
}

// np.bincount(x, weights, minlength=0): the sum of the weights of each value, in float64.
template <class T, class W>
NDArray<double, 1> bincount(const NDArray<T, 1>& x, const NDArray<W, 1>& weights, int64_t minlength = 0) {
  const int64_t length = detail::bincount_length(x, minlength);
  if (weights.shape(0) != x.shape(0)) throw PyException("ValueError", "The weights and list don't have the same length.");
  NDArray<double, 1> sums(Shape<1>{length});
  for (int64_t i = 0, n = x.shape(0); i < n; ++i) {
    sums.data()[static_cast<int64_t>(x.data()[i * x.stride(0)])] += static_cast<double>(weights.data()[i * weights.stride(0)]);
  }
  return sums;
}

}  // namespace py2cuda::host
