// py2cuda host runtime: np.cumprod (and a.cumprod()), np.diff. (np.cumsum is beside
// np.sum in reductions.h.)
//
// cumprod multiplies in order, one element after another, as NumPy's
// multiply.accumulate does, in NumPy's accumulator type R (SumType: int64 for bool and
// signed integers, the float's own type) unless dtype= names one. axis=None works on
// the flattened array.
#pragma once

#include <cstdint>

#include "cast.h"
#include "elementwise.h"
#include "ndarray.h"
#include "reductions.h"
#include "sorting.h"

namespace py2cuda::host {

namespace detail {

template <class R, bool Product, class T, int N>
NDArray<R, N> accumulate(const NDArray<T, N>& a, int axis) {
  axis = normalize_axis<N>(axis);
  NDArray<R, N> result(a.shape());
  std::vector<R*> lines;
  for_each_line(result, axis, [&](R* p, int64_t, int64_t) { lines.push_back(p); });
  const int64_t out_stride = result.stride(axis);
  std::size_t k = 0;
  for_each_line(a, axis, [&](T* p, int64_t n, int64_t stride) {
    R* out = lines[k++];
    R acc = Product ? R(1) : R(0);
    for (int64_t i = 0; i < n; ++i) {
      const R x = cast_value<R>(p[i * stride]);
      acc = Product ? scalar::multiply(acc, x) : scalar::add(acc, x);
      out[i * out_stride] = acc;
    }
  });
  return result;
}

template <class T, int N>
NDArray<T, 1> flattened(const NDArray<T, N>& a) {
  NDArray<T, 1> flat(Shape<1>{a.size()});
  a.copy_elements_to(flat.data());
  return flat;
}

}  // namespace detail

template <class R, class T, int N>
NDArray<R, 1> cumprod(const NDArray<T, N>& a) {
  return detail::accumulate<R, true>(detail::flattened(a), 0);
}
template <class R, class T, int N>
NDArray<R, N> cumprod(const NDArray<T, N>& a, int axis) {
  return detail::accumulate<R, true>(a, axis);
}

// np.diff(a, n=1, axis=-1): the n-th difference along `axis` (a[i+1] - a[i] in a's type,
// integers wrapping; a[i+1] != a[i] for bool). The axis shrinks by n (to 0 at least).
template <class T, int N>
NDArray<T, N> diff(const NDArray<T, N>& a, int64_t n = 1, int axis = -1) {
  axis = detail::normalize_axis<N>(axis);
  if (n < 0) throw PyException("ValueError", "order must be non-negative but got " + std::to_string(n));
  NDArray<T, N> current = a;
  for (int64_t round = 0; round < n; ++round) {
    Shape<N> shape = current.shape();
    shape[axis] = shape[axis] > 0 ? shape[axis] - 1 : 0;
    NDArray<T, N> next(shape);
    std::vector<T*> lines;
    detail::for_each_line(next, axis, [&](T* p, int64_t, int64_t) { lines.push_back(p); });
    const int64_t out_stride = next.stride(axis);
    std::size_t k = 0;
    detail::for_each_line(current, axis, [&](T* p, int64_t extent, int64_t stride) {
      T* out = lines[k++];
      for (int64_t i = 0; i + 1 < extent; ++i) {
        const T x = p[i * stride], y = p[(i + 1) * stride];
        if constexpr (std::is_same_v<T, bool>) {
          out[i * out_stride] = x != y;
        } else {
          out[i * out_stride] = scalar::subtract(y, x);
        }
      }
    });
    current = next;
  }
  return n == 0 ? a : current;
}

}  // namespace py2cuda::host
