// py2cuda host runtime: joining arrays: np.concatenate, np.stack, np.vstack, np.hstack.
//
// The translator passes the result's dtype (NumPy's result_type of the inputs) and an axis it
// has already checked against the dimensions, which are static; the run-time checks are the
// extents NumPy compares, with its messages. Each input is copied into a view of the result,
// cast as assignment casts.
#pragma once

#include <cstdint>
#include <string>

#include "exceptions.h"
#include "ndarray.h"
#include "views.h"

namespace py2cuda::host {

namespace detail {
// The first array of a join, whose extents the others are checked against.
template <class A0, class... A>
const A0& first_of(const A0& a0, const A&...) {
  return a0;
}
}  // namespace detail

// np.concatenate((a, b, ...), axis): every extent but the axis's must match.
template <class T, int N, class... A>
NDArray<T, N> concatenate(int axis, const A&... arrays) {
  static_assert(sizeof...(A) > 0, "np.concatenate needs at least one array");
  const auto& first = detail::first_of(arrays...);
  Shape<N> shape = first.shape();
  shape[axis] = 0;
  int64_t index = 0;
  auto check = [&](const auto& a) {
    for (int d = 0; d < N; ++d) {
      if (d != axis && a.shape(d) != first.shape(d)) {
        throw ValueError("all the input array dimensions except for the concatenation axis must match exactly, but "
                         "along dimension " + std::to_string(d) + ", the array at index 0 has size " +
                         std::to_string(first.shape(d)) + " and the array at index " + std::to_string(index) +
                         " has size " + std::to_string(a.shape(d)));
      }
    }
    shape[axis] += a.shape(axis);
    ++index;
  };
  (check(arrays), ...);
  NDArray<T, N> result(shape);
  int64_t offset = 0;
  auto place = [&](const auto& a) {
    Shape<N> part = shape;
    part[axis] = a.shape(axis);
    assign(NDArray<T, N>(result.storage(), result.data() + offset * result.stride(axis), part, result.strides()), a);
    offset += a.shape(axis);
  };
  (place(arrays), ...);
  return result;
}

// np.stack((a, b, ...), axis): equal shapes, joined along a new axis.
template <class T, int N, class... A>
NDArray<T, N + 1> stack(int axis, const A&... arrays) {
  static_assert(sizeof...(A) > 0, "np.stack needs at least one array");
  const auto& first = detail::first_of(arrays...);
  auto check = [&](const auto& a) {
    if (a.shape() != first.shape()) throw ValueError("all input arrays must have the same shape");
  };
  (check(arrays), ...);
  Shape<N + 1> shape{};
  for (int d = 0, s = 0; d <= N; ++d) shape[d] = d == axis ? static_cast<int64_t>(sizeof...(A)) : first.shape(s++);
  NDArray<T, N + 1> result(shape);
  Shape<N> part_strides{};
  for (int d = 0, s = 0; d <= N; ++d) {
    if (d != axis) part_strides[s++] = result.stride(d);
  }
  int64_t index = 0;
  auto place = [&](const auto& a) {
    assign(NDArray<T, N>(result.storage(), result.data() + index * result.stride(axis), first.shape(), part_strides), a);
    ++index;
  };
  (place(arrays), ...);
  return result;
}

// np.atleast_2d's view of a 1-D array, (n,) -> (1, n), for np.vstack.
template <class T>
NDArray<T, 2> as_row(const NDArray<T, 1>& a) {
  return NDArray<T, 2>(a.storage(), a.data(), Shape<2>{1, a.shape(0)}, Shape<2>{a.shape(0) * a.stride(0), a.stride(0)});
}
template <class T, int N>
const NDArray<T, N>& as_row(const NDArray<T, N>& a) {
  return a;
}

// np.vstack: 1-D inputs become rows, then concatenate along axis 0.
template <class T, int N, class... A>
NDArray<T, N> vstack(const A&... arrays) {
  return concatenate<T, N>(0, as_row(arrays)...);
}

// np.hstack: 1-D inputs join end to end (axis 0), others along axis 1.
template <class T, int N, class... A>
NDArray<T, N> hstack(const A&... arrays) {
  return concatenate<T, N>(N == 1 ? 0 : 1, arrays...);
}

// np.column_stack's view of a 1-D array, (n,) -> (n, 1); 2-D arrays as they are.
template <class T>
NDArray<T, 2> as_column(const NDArray<T, 1>& a) {
  return NDArray<T, 2>(a.storage(), a.data(), Shape<2>{a.shape(0), 1}, Shape<2>{a.stride(0), 1});
}
template <class T>
const NDArray<T, 2>& as_column(const NDArray<T, 2>& a) {
  return a;
}

// np.column_stack: 1-D inputs become columns, then concatenate along axis 1.
template <class T, int N, class... A>
NDArray<T, 2> column_stack(const A&... arrays) {
  return concatenate<T, 2>(1, as_column(arrays)...);
}

// np.atleast_3d's views for np.dstack: (n,) -> (1, n, 1), (m, n) -> (m, n, 1).
template <class T>
NDArray<T, 3> as_depth(const NDArray<T, 1>& a) {
  return NDArray<T, 3>(a.storage(), a.data(), Shape<3>{1, a.shape(0), 1}, Shape<3>{a.shape(0) * a.stride(0), a.stride(0), 1});
}
template <class T>
NDArray<T, 3> as_depth(const NDArray<T, 2>& a) {
  return NDArray<T, 3>(a.storage(), a.data(), Shape<3>{a.shape(0), a.shape(1), 1}, Shape<3>{a.stride(0), a.stride(1), 1});
}
template <class T, int N>
const NDArray<T, N>& as_depth(const NDArray<T, N>& a) {
  return a;
}

// np.dstack: inputs made at least 3-D, then concatenate along axis 2.
template <class T, int N, class... A>
NDArray<T, N> dstack(const A&... arrays) {
  return concatenate<T, N>(2, as_depth(arrays)...);
}

}  // namespace py2cuda::host
