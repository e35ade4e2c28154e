// py2cuda host runtime: np.outer and np.linalg.norm (ord=None).
//
// norm(x) is sqrt(dot(x, x)) of the flattened array in float64 (float32 for float32
// data), as NumPy computes it; NumPy's dot is BLAS's, whose order of additions is its
// own, so a float result may differ from NumPy's in the last bits (as np.dot's here;
// float32 sums are taken in double, closer to BLAS's many partial sums than a running sum).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cast.h"
#include "elementwise.h"
#include "ndarray.h"
#include "reductions.h"

namespace py2cuda::host {

// np.outer(a, b): out[i, j] = a.flat[i] * b.flat[j] in the promoted type R.
template <class R, class T, int N, class U, int M>
NDArray<R, 2> outer(const NDArray<T, N>& a, const NDArray<U, M>& b) {
  NDArray<R, 2> result(Shape<2>{a.size(), b.size()});
  R* out = result.data();
  a.for_each_offset([&](int64_t i) {
    const R x = cast_value<R>(a.data()[i]);
    b.for_each_offset([&](int64_t j) { *out++ = scalar::multiply(x, cast_value<R>(b.data()[j])); });
  });
  return result;
}

// np.linalg.norm(x): the 2-norm of a vector, the Frobenius norm of a matrix; F is the
// float type NumPy computes in.
template <class F, class T, int N>
F norm(const NDArray<T, N>& x) {
  // float32: dot's sum of squares in double, rounded once (see dot), then sqrt in float32.
  using Sum = std::conditional_t<std::is_same_v<F, float>, double, F>;
  Sum sum = Sum(0);
  x.for_each_offset([&](int64_t o) {
    const Sum v = static_cast<Sum>(cast_value<F>(x.data()[o]));
    sum += v * v;
  });
  return std::sqrt(static_cast<F>(sum));
}

// np.linalg.norm(x, axis=k): NumPy's path for a given axis, sqrt(add.reduce(x * x, axis)):
// the squares in F, summed as np.sum sums along that axis (pairwise along a row). A 1-D
// x gives a number.
template <class F, class T, int N>
auto norm(const NDArray<T, N>& x, int axis) {
  NDArray<F, N> squares(x.shape());
  F* out = squares.data();
  x.for_each_offset([&](int64_t o) {
    const F v = cast_value<F>(x.data()[o]);
    *out++ = v * v;
  });
  if constexpr (N == 1) {
    return static_cast<F>(std::sqrt(sum(squares)));
  } else {
    NDArray<F, N - 1> result = sum(squares, axis);
    for (int64_t i = 0, n = result.size(); i < n; ++i) result.data()[i] = std::sqrt(result.data()[i]);
    return result;
  }
}

}  // namespace py2cuda::host
