// py2cuda host runtime: views that add or remove dimensions of extent 1 (np.expand_dims,
// np.squeeze, np.atleast_1d/2d) and np.broadcast_to's read-only view with zero strides.
#pragma once

#include <cstdint>
#include <string>

#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

// The array without dimension `axis`, a view of its first slice along `axis`: what squeeze
// gives, and the shape and strides of a reduction's outputs.
template <class T, int N>
NDArray<T, N - 1> drop_axis(const NDArray<T, N>& a, int axis) {
  Shape<N - 1> shape{}, strides{};
  for (int d = 0, k = 0; d < N; ++d) {
    if (d == axis) continue;
    shape[k] = a.shape(d);
    strides[k] = a.stride(d);
    ++k;
  }
  return NDArray<T, N - 1>(a.storage(), a.data(), shape, strides);
}

// np.expand_dims(a, axis): a view with a new axis of extent 1 at `axis` (of the result).
template <class T, int N>
NDArray<T, N + 1> expand_dims(const NDArray<T, N>& a, int axis) {
  if (axis < -(N + 1) || axis > N) {
    throw PyException("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                       std::to_string(N + 1));
  }
  if (axis < 0) axis += N + 1;
  Shape<N + 1> shape{}, strides{};
  for (int d = 0, k = 0; d <= N; ++d) {
    if (d == axis) {
      shape[d] = 1;
      strides[d] = d < N ? a.stride(d) * a.shape(d) : 1;
      continue;
    }
    shape[d] = a.shape(k);
    strides[d] = a.stride(k);
    ++k;
  }
  return NDArray<T, N + 1>(a.storage(), a.data(), shape, strides);
}

// np.squeeze(a, axis): a view without `axis`, which must have extent 1.
template <class T, int N>
NDArray<T, N - 1> squeeze(const NDArray<T, N>& a, int axis) {
  if (axis < -N || axis >= N) {
    throw PyException("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                       std::to_string(N));
  }
  if (axis < 0) axis += N;
  if (a.shape(axis) != 1) {
    throw PyException("ValueError", "cannot select an axis to squeeze out which has size not equal to one");
  }
  return drop_axis(a, axis);
}

// np.atleast_2d of a 1-D array: the row (1, n), a view.
template <class T>
NDArray<T, 2> atleast_2d(const NDArray<T, 1>& a) {
  return expand_dims(a, 0);
}

// np.atleast_1d / np.atleast_2d of a number: a new array holding it.
template <class T>
NDArray<T, 1> atleast_1d_scalar(T value) {
  NDArray<T, 1> result(Shape<1>{1});
  result.data()[0] = value;
  return result;
}
template <class T>
NDArray<T, 2> atleast_2d_scalar(T value) {
  NDArray<T, 2> result(Shape<2>{1, 1});
  result.data()[0] = value;
  return result;
}

// np.broadcast_to(a, shape): a view of a in `shape` (NumPy's broadcasting rules, from
// the right), zero strides where a is repeated; NumPy makes it read-only.
template <class T, int N, std::size_t M>
NDArray<T, static_cast<int>(M)> broadcast_to(const NDArray<T, N>& a, const std::array<int64_t, M>& shape) {
  constexpr int R = static_cast<int>(M);
  auto fail = [&]() {
    throw PyException("ValueError", "operands could not be broadcast together with remapped shapes [original->remapped]: " +
                                        detail::shape_repr(a.shape()) + "  and requested shape " + detail::shape_repr(shape));
  };
  for (int64_t extent : shape) {
    if (extent < 0) throw PyException("ValueError", "all elements of broadcast shape must be non-negative");
  }
  if (N > R) {
    throw PyException("ValueError", "input operand has more dimensions than allowed by the axis remapping");
  }
  Shape<R> strides{};
  for (int d = 0; d < R; ++d) {
    const int k = d - (R - N);
    if (k < 0) continue;
    if (a.shape(k) == shape[static_cast<std::size_t>(d)]) {
      strides[d] = a.stride(k);
    } else if (a.shape(k) == 1) {
      strides[d] = 0;
    } else {
      fail();
    }
  }
  return NDArray<T, R>(a.storage(), a.data(), shape, strides);
}

}  // namespace py2cuda::host

namespace py2cuda::host {

// np.swapaxes(a, axis1, axis2): a view with two axes exchanged (axes already normalised).
template <class T, int N>
NDArray<T, N> swapaxes(const NDArray<T, N>& a, int axis1, int axis2) {
  Shape<N> shape = a.shape(), strides = a.strides();
  std::swap(shape[axis1], shape[axis2]);
  std::swap(strides[axis1], strides[axis2]);
  return NDArray<T, N>(a.storage(), a.data(), shape, strides);
}

// np.moveaxis(a, source, destination): a view with one axis moved (axes already normalised).
template <class T, int N>
NDArray<T, N> moveaxis(const NDArray<T, N>& a, int source, int destination) {
  std::array<int, N> order{};
  for (int d = 0, k = 0; d < N; ++d) {
    if (d != source) order[k++] = d;
  }
  for (int d = N - 1; d > destination; --d) order[d] = order[d - 1];
  order[destination] = source;
  Shape<N> shape{}, strides{};
  for (int d = 0; d < N; ++d) {
    shape[d] = a.shape(order[d]);
    strides[d] = a.stride(order[d]);
  }
  return NDArray<T, N>(a.storage(), a.data(), shape, strides);
}

// keepdims=True of a reduction over every axis: the value in an N-D array of extent 1 on
// each axis (an axis reduction keeps its axis through expand_dims above).
template <int N, class T>
NDArray<T, N> keep_dims(T value) {
  Shape<N> shape{};
  for (int d = 0; d < N; ++d) shape[d] = 1;
  NDArray<T, N> result(shape);
  result.data()[0] = value;
  return result;
}

// Count adjacent axes from `first` merged into one: a view of a C-contiguous run of axes (a copy
// in C order otherwise). A reduction over several adjacent axes is one over the merged axis,
// as NumPy's iterator coalesces them, so its order of additions is NumPy's.
template <int Count, class T, int N>
NDArray<T, N - Count + 1> merge_axes(const NDArray<T, N>& a, int first) {
  static_assert(Count >= 2 && Count <= N, "merge_axes: two or more of the array's axes");
  bool contiguous = true;
  for (int d = first; d + 1 < first + Count; ++d) contiguous = contiguous && a.stride(d) == a.stride(d + 1) * a.shape(d + 1);
  const NDArray<T, N> c = contiguous ? a : a.copy();
  Shape<N - Count + 1> shape{}, strides{};
  for (int d = 0, k = 0; d < N; ++d) {
    if (d > first && d < first + Count) {
      shape[k - 1] *= c.shape(d);
      strides[k - 1] = c.stride(d);
      continue;
    }
    shape[k] = c.shape(d);
    strides[k] = c.stride(d);
    ++k;
  }
  return NDArray<T, N - Count + 1>(c.storage(), c.data(), shape, strides);
}

}  // namespace py2cuda::host
