// py2cuda host runtime: np.flip (a view), np.roll, np.repeat (copies), np.meshgrid.
#pragma once

#include <cstdint>
#include <utility>

#include "../tuple.h"
#include "exceptions.h"
#include "ndarray.h"
#include "reductions.h"

namespace py2cuda::host {

// np.flip(a, axis): the elements reversed along `axis`, a view sharing a's storage.
template <class T, int N>
NDArray<T, N> flip(const NDArray<T, N>& a, int axis) {
  axis = detail::normalize_axis<N>(axis);
  Shape<N> strides = a.strides();
  T* data = a.data();
  if (a.shape(axis) > 0) data += (a.shape(axis) - 1) * a.stride(axis);
  strides[axis] = -strides[axis];
  return NDArray<T, N>(a.storage(), data, a.shape(), strides);
}
// np.flip(a): reversed along every axis.
template <class T, int N>
NDArray<T, N> flip(const NDArray<T, N>& a) {
  NDArray<T, N> result = a;
  for (int d = 0; d < N; ++d) result = flip(result, d);
  return result;
}

// np.roll(a, shift, axis): element i moves to (i + shift) mod extent along `axis`.
template <class T, int N>
NDArray<T, N> roll(const NDArray<T, N>& a, int64_t shift, int axis) {
  axis = detail::normalize_axis<N>(axis);
  NDArray<T, N> result(a.shape());
  const int64_t extent = a.shape(axis);
  if (result.size() == 0) return result;
  int64_t k = shift % extent;
  if (k < 0) k += extent;
  std::array<int64_t, N> index{};
  T* out = result.data();
  // result[..., (i + k) % extent, ...] = a[..., i, ...]: read a at (j - k) for each result j.
  for (int64_t flat = 0, n = result.size(); flat < n; ++flat) {
    int64_t offset = 0;
    for (int d = 0; d < N; ++d) {
      int64_t i = index[static_cast<std::size_t>(d)];
      if (d == axis) i = (i - k + extent) % extent;
      offset += i * a.stride(d);
    }
    out[flat] = a.data()[offset];
    for (int d = N - 1; d >= 0; --d) {
      if (++index[static_cast<std::size_t>(d)] < a.shape(d)) break;
      index[static_cast<std::size_t>(d)] = 0;
    }
  }
  return result;
}
// np.roll(a, shift): the flattened elements rolled, in a's shape.
template <class T, int N>
NDArray<T, N> roll(const NDArray<T, N>& a, int64_t shift) {
  NDArray<T, 1> flat(Shape<1>{a.size()});
  a.copy_elements_to(flat.data());
  const NDArray<T, 1> rolled = roll(flat, shift, 0);
  return NDArray<T, N>(rolled.storage(), rolled.data(), a.shape(), detail::contiguous_strides(a.shape()));
}

// np.repeat(a, repeats, axis): each element (or slice along `axis`) `repeats` times.
template <class T, int N>
NDArray<T, N> repeat(const NDArray<T, N>& a, int64_t repeats, int axis) {
  axis = detail::normalize_axis<N>(axis);
  if (repeats < 0) throw PyException("ValueError", "negative dimensions are not allowed");
  Shape<N> shape = a.shape();
  shape[axis] *= repeats;
  NDArray<T, N> result(shape);
  std::array<int64_t, N> index{};
  T* out = result.data();
  for (int64_t flat = 0, n = result.size(); flat < n; ++flat) {
    int64_t offset = 0;
    for (int d = 0; d < N; ++d) {
      int64_t i = index[static_cast<std::size_t>(d)];
      if (d == axis) i /= repeats;
      offset += i * a.stride(d);
    }
    out[flat] = a.data()[offset];
    for (int d = N - 1; d >= 0; --d) {
      if (++index[static_cast<std::size_t>(d)] < shape[d]) break;
      index[static_cast<std::size_t>(d)] = 0;
    }
  }
  return result;
}
// np.repeat(a, repeats): the flattened elements, each `repeats` times.
template <class T, int N>
NDArray<T, 1> repeat(const NDArray<T, N>& a, int64_t repeats) {
  NDArray<T, 1> flat(Shape<1>{a.size()});
  a.copy_elements_to(flat.data());
  return repeat(flat, repeats, 0);
}

namespace detail {

// Output K of meshgrid: the flattened input K spread along its dimension of the grid.
template <int M, class T, int N>
NDArray<T, M> mesh_axis(const NDArray<T, N>& x, const Shape<M>& shape, int dim) {
  NDArray<T, 1> flat(Shape<1>{x.size()});
  x.copy_elements_to(flat.data());
  NDArray<T, M> result(shape);
  std::array<int64_t, M> index{};
  T* out = result.data();
  for (int64_t f = 0, n = result.size(); f < n; ++f) {
    out[f] = flat.data()[index[static_cast<std::size_t>(dim)]];
    for (int d = M - 1; d >= 0; --d) {
      if (++index[static_cast<std::size_t>(d)] < shape[d]) break;
      index[static_cast<std::size_t>(d)] = 0;
    }
  }
  return result;
}

template <bool Cartesian, class... X, std::size_t... K>
auto meshgrid(std::index_sequence<K...>, const X&... xs) {
  constexpr int M = static_cast<int>(sizeof...(X));
  Shape<M> shape{xs.size()...};
  auto dim = [](int k) { return Cartesian && M >= 2 && k < 2 ? 1 - k : k; };
  if constexpr (Cartesian && M >= 2) std::swap(shape[0], shape[1]);
  return py2cuda::make_tuple(mesh_axis<M>(xs, shape, dim(static_cast<int>(K)))...);
}

}  // namespace detail

// np.meshgrid(x, y, ...) with indexing='xy' (Cartesian: the first two dimensions swapped),
// and meshgrid_ij (indexing='ij'): a tuple of new arrays (NumPy's copy=True), each of its
// input's dtype.
template <class... X>
auto meshgrid(const X&... xs) {
  return detail::meshgrid<true>(std::index_sequence_for<X...>{}, xs...);
}
template <class... X>
auto meshgrid_ij(const X&... xs) {
  return detail::meshgrid<false>(std::index_sequence_for<X...>{}, xs...);
}

}  // namespace py2cuda::host
