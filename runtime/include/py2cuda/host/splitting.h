// py2cuda host runtime: np.array_split / np.split, as numpy/lib/shape_base.py divides an
// axis: views of the array (no copies), in a std::vector the translator wraps as a List.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

// The view of a[lo:hi] along `axis` (lo and hi already within [0, extent], lo <= hi).
template <class T, int N>
NDArray<T, N> axis_range(const NDArray<T, N>& a, int axis, int64_t lo, int64_t hi) {
  Shape<N> shape = a.shape(), strides = a.strides();
  shape[axis] = hi - lo;
  T* start = hi > lo ? a.data() + lo * a.stride(axis) : a.data();
  return NDArray<T, N>(a.storage(), start, shape, strides);
}

template <int N>
int split_axis(int axis) {
  if (axis < -N || axis >= N) {
    throw PyException("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                       std::to_string(N));
  }
  return axis < 0 ? axis + N : axis;
}

}  // namespace detail

// np.array_split(a, sections, axis=0): the first extent % sections pieces one longer.
template <class T, int N>
std::vector<NDArray<T, N>> array_split(const NDArray<T, N>& a, int64_t sections, int axis = 0) {
  axis = detail::split_axis<N>(axis);
  if (sections <= 0) throw PyException("ValueError", "number sections must be larger than 0.");
  const int64_t total = a.shape(axis), each = total / sections, extras = total % sections;
  std::vector<NDArray<T, N>> parts;
  parts.reserve(static_cast<std::size_t>(sections));
  int64_t lo = 0;
  for (int64_t k = 0; k < sections; ++k) {
    const int64_t hi = lo + each + (k < extras ? 1 : 0);
    parts.push_back(detail::axis_range(a, axis, lo, hi));
    lo = hi;
  }
  return parts;
}

// np.array_split(a, [i, j, ...], axis=0): a[:i], a[i:j], ..., a[last:] as Python slices clip them.
template <class T, int N>
std::vector<NDArray<T, N>> array_split(const NDArray<T, N>& a, const std::vector<int64_t>& indices, int axis = 0) {
  axis = detail::split_axis<N>(axis);
  const int64_t total = a.shape(axis);
  auto clip = [total](int64_t i) {
    if (i < 0) i += total;
    return std::clamp<int64_t>(i, 0, total);
  };
  std::vector<NDArray<T, N>> parts;
  int64_t lo = 0;
  for (std::size_t k = 0; k <= indices.size(); ++k) {
    const int64_t hi = k < indices.size() ? clip(indices[k]) : total;
    parts.push_back(detail::axis_range(a, axis, lo, std::max(lo, hi)));
    lo = hi;
  }
  return parts;
}

// np.split(a, sections, axis=0): equal pieces, or ValueError.
template <class T, int N>
std::vector<NDArray<T, N>> split(const NDArray<T, N>& a, int64_t sections, int axis = 0) {
  axis = detail::split_axis<N>(axis);
  if (sections <= 0) throw PyException("ValueError", "number sections must be larger than 0.");
  if (a.shape(axis) % sections != 0) throw PyException("ValueError", "array split does not result in an equal division");
  return array_split(a, sections, axis);
}
template <class T, int N>
std::vector<NDArray<T, N>> split(const NDArray<T, N>& a, const std::vector<int64_t>& indices, int axis = 0) {
  return array_split(a, indices, axis);
}

}  // namespace py2cuda::host
