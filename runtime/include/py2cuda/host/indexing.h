// py2cuda host runtime: NumPy's indexing beyond views: np.newaxis, boolean masks and
// integer arrays (advanced indexing), read and assigned.
//
// The translator reduces a subscript to a basic view (views.h: integers and slices, `...`
// expanded) and, at most, one advanced index applied along one axis of that view:
//   a[None, :]       new_axes<0>(a)                         extent-1 axes, a view
//   a[a > 5]         take_mask<0>(a, a > 5)                 a 1-D copy of the selected elements
//   m[:, [0, 2]]     take<1>(view(m, slice(), slice()), idx) a copy
//   a[a > 5] = 0     assign_mask<0>(a, a > 5, 0)
//   a[idx] = v       assign_take<0>(a, idx, v)              v broadcast to the selection's shape
// A boolean mask of K dimensions replaces K axes by one (its true elements in C order);
// an integer array of K dimensions replaces one axis by its K (negative entries count
// from the end). Both give a new array, never a view, as NumPy's advanced indexing does.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "broadcast.h"
#include "exceptions.h"
#include "ndarray.h"
#include "views.h"

namespace py2cuda::host {

// a[..., None, ...]: `a` with extent-1 axes inserted so that they are the result's axes
// Positions... (ascending). A view sharing a's storage.
template <int... Positions, class T, int N>
NDArray<T, N + static_cast<int>(sizeof...(Positions))> new_axes(const NDArray<T, N>& a) {
  constexpr int K = static_cast<int>(sizeof...(Positions));
  constexpr std::array<int, sizeof...(Positions)> positions{Positions...};
  Shape<N + K> shape{}, strides{};
  int from = 0, next = 0;
  for (int d = 0; d < N + K; ++d) {
    if (next < K && positions[static_cast<std::size_t>(next)] == d) {
      shape[d] = 1;
      strides[d] = 0;
      ++next;
    } else {
      shape[d] = a.shape(from);
      strides[d] = a.stride(from);
      ++from;
    }
  }
  return NDArray<T, N + K>(a.storage(), a.data(), shape, strides);
}

namespace detail {

// The storage offsets (from a.data()) of the elements an advanced index selects, in the
// result's C order, as an array of the result's shape.
template <int Axis, class T, int N, class I, int K>
NDArray<int64_t, N - 1 + K> taken_offsets(const NDArray<T, N>& a, const NDArray<I, K>& index) {
  static_assert(Axis >= 0 && Axis < N, "take: axis out of range");
  Shape<N - 1 + K> shape{};
  for (int d = 0; d < Axis; ++d) shape[d] = a.shape(d);
  for (int d = 0; d < K; ++d) shape[Axis + d] = index.shape(d);
  for (int d = Axis + 1; d < N; ++d) shape[K + d - 1] = a.shape(d);
  NDArray<int64_t, N - 1 + K> offsets(shape);
  // The axis's offsets, checked once.
  std::vector<int64_t> along;
  along.reserve(static_cast<std::size_t>(index.size()));
  index.for_each_offset([&](int64_t o) {
    const int64_t i = static_cast<int64_t>(index.data()[o]);
    along.push_back(a.stride(Axis) * resolve_index(i, a.shape(Axis), Axis));
  });
  int64_t* out = offsets.data();
  const int64_t count = offsets.size();
  const int64_t inner_count = [&] {
    int64_t c = 1;
    for (int d = Axis + 1; d < N; ++d) c *= a.shape(d);
    return c;
  }();
  const int64_t taken = static_cast<int64_t>(along.size());
  for (int64_t flat = 0; flat < count; ++flat) {
    // flat = ((outer * taken) + t) * inner_count + inner
    int64_t rest = flat;
    const int64_t inner = rest % (inner_count ? inner_count : 1);
    rest /= (inner_count ? inner_count : 1);
    const int64_t t = rest % taken;
    int64_t outer = rest / taken;
    int64_t offset = along[static_cast<std::size_t>(t)];
    int64_t in = inner;
    for (int d = N - 1; d > Axis; --d) {
      offset += (in % a.shape(d)) * a.stride(d);
      in /= a.shape(d);
    }
    for (int d = Axis - 1; d >= 0; --d) {
      offset += (outer % a.shape(d)) * a.stride(d);
      outer /= a.shape(d);
    }
    out[flat] = offset;
  }
  return offsets;
}

// The storage offsets of the elements a K-dimensional boolean mask selects over axes
// Axis..Axis+K-1: result shape a.shape[:Axis] + (count,) + a.shape[Axis+K:].
template <int Axis, class T, int N, int K>
NDArray<int64_t, N - K + 1> masked_offsets(const NDArray<T, N>& a, const NDArray<bool, K>& mask) {
  static_assert(Axis >= 0 && Axis + K <= N, "boolean index has too many dimensions");
  for (int d = 0; d < K; ++d) {
    if (mask.shape(d) != a.shape(Axis + d)) {
      throw PyException("IndexError", "boolean index did not match indexed array along dimension " +
                                          std::to_string(Axis + d) + "; dimension is " +
                                          std::to_string(a.shape(Axis + d)) + " but corresponding boolean dimension is " +
                                          std::to_string(mask.shape(d)));
    }
  }
  // The offsets (within the masked axes) of the true elements, in C order.
  std::vector<int64_t> chosen;
  int64_t flat = 0;
  mask.for_each_offset([&](int64_t o) {
    if (mask.data()[o]) {
      int64_t offset = 0, rest = flat;
      for (int d = K - 1; d >= 0; --d) {
        offset += (rest % mask.shape(d)) * a.stride(Axis + d);
        rest /= mask.shape(d);
      }
      chosen.push_back(offset);
    }
    ++flat;
  });
  Shape<N - K + 1> shape{};
  for (int d = 0; d < Axis; ++d) shape[d] = a.shape(d);
  shape[Axis] = static_cast<int64_t>(chosen.size());
  for (int d = Axis + K; d < N; ++d) shape[d - K + 1] = a.shape(d);
  NDArray<int64_t, N - K + 1> offsets(shape);
  int64_t* out = offsets.data();
  const int64_t count = offsets.size();
  int64_t inner_count = 1;
  for (int d = Axis + K; d < N; ++d) inner_count *= a.shape(d);
  const int64_t taken = static_cast<int64_t>(chosen.size());
  for (int64_t f = 0; f < count; ++f) {
    const int64_t inner = f % inner_count;
    const int64_t rest = f / inner_count;
    int64_t outer = rest / taken;
    int64_t offset = chosen[static_cast<std::size_t>(rest % taken)];
    int64_t in = inner;
    for (int d = N - 1; d >= Axis + K; --d) {
      offset += (in % a.shape(d)) * a.stride(d);
      in /= a.shape(d);
    }
    for (int d = Axis - 1; d >= 0; --d) {
      offset += (outer % a.shape(d)) * a.stride(d);
      outer /= a.shape(d);
    }
    out[f] = offset;
  }
  return offsets;
}

template <class T, int N, int R>
NDArray<T, R> gather(const NDArray<T, N>& a, const NDArray<int64_t, R>& offsets) {
  NDArray<T, R> result(offsets.shape());
  const int64_t* from = offsets.data();
  T* out = result.data();
  for (int64_t i = 0, n = offsets.size(); i < n; ++i) out[i] = a.data()[from[i]];
  return result;
}

// The value broadcast (and cast) to the selection's shape, then written element by element.
template <class T, int N, int R, class X>
void scatter(const NDArray<T, N>& a, const NDArray<int64_t, R>& offsets, const X& value) {
  NDArray<T, R> values(offsets.shape());
  if constexpr (operand_rank<X> > 0) {
    bool fits = operand_rank<X> <= R;
    for (int d = 0; fits && d < operand_rank<X>; ++d) {
      const int64_t extent = value.shape(d);
      fits = extent == 1 || extent == offsets.shape(R - operand_rank<X> + d);
    }
    if (!fits) {
      throw PyException("ValueError", "shape mismatch: value array of shape " + shape_repr(value.shape()) +
                                          " could not be broadcast to indexing result of shape " +
                                          shape_repr(offsets.shape()));
    }
  }
  assign(values, value);
  const int64_t* to = offsets.data();
  const T* from = values.data();
  for (int64_t i = 0, n = offsets.size(); i < n; ++i) a.data()[to[i]] = from[i];
}

// The storage offsets of m[i0, i1, ...], one integer array per axis of `a` (NumPy's point
// selection): element j is a[i0[j], i1[j], ...]. The index arrays broadcast together (all
// of K dimensions here: extents equal or 1); the result has their broadcast shape.
template <class T, int N, int K, class... I>
NDArray<int64_t, K> point_offsets(const NDArray<T, N>& a, const NDArray<I, K>&... index) {
  static_assert(sizeof...(I) == N, "point_offsets: one index array per axis");
  Shape<K> shape{};
  for (int d = 0; d < K; ++d) shape[d] = 1;
  bool fits = true;
  auto widen = [&](const auto& idx) {
    for (int d = 0; d < K; ++d) {
      if (idx.shape(d) == shape[d] || idx.shape(d) == 1) continue;
      fits = fits && shape[d] == 1;
      shape[d] = idx.shape(d);
    }
  };
  (widen(index), ...);
  if (!fits) {
    std::string shapes;
    ((shapes += shape_repr(index.shape()) + " "), ...);
    throw PyException("IndexError", "shape mismatch: indexing arrays could not be broadcast together with shapes " + shapes);
  }
  NDArray<int64_t, K> offsets(shape);
  int64_t* out = offsets.data();
  const int64_t count = offsets.size();
  for (int64_t j = 0; j < count; ++j) out[j] = 0;
  int axis = 0;
  auto add = [&](const auto& idx) {
    for (int64_t j = 0; j < count; ++j) {
      int64_t rest = j, at = 0;  // idx's element for result position j (extent-1 axes repeat)
      for (int d = K - 1; d >= 0; --d) {
        const int64_t i = rest % shape[d];
        rest /= shape[d];
        if (idx.shape(d) != 1) at += i * idx.stride(d);
      }
      out[j] += a.stride(axis) * resolve_index(static_cast<int64_t>(idx.data()[at]), a.shape(axis), axis);
    }
    ++axis;
  };
  (add(index), ...);
  return offsets;
}

}  // namespace detail

// m[i0, i1, ...] with an integer array for every axis of `m`.
template <class T, int N, int K, class... I>
NDArray<T, K> take_points(const NDArray<T, N>& a, const NDArray<I, K>&... index) {
  return detail::gather(a, detail::point_offsets(a, index...));
}

// m[i0, i1, ...] = value
template <class T, int N, class X, int K, class... I>
void assign_points(const NDArray<T, N>& a, const X& value, const NDArray<I, K>&... index) {
  detail::scatter(a, detail::point_offsets(a, index...), value);
}

// a[..., index, ...] with an integer array `index` on axis Axis of `a`.
template <int Axis, class T, int N, class I, int K>
NDArray<T, N - 1 + K> take(const NDArray<T, N>& a, const NDArray<I, K>& index) {
  return detail::gather(a, detail::taken_offsets<Axis>(a, index));
}

// a[..., mask, ...] with a boolean mask over axes Axis..Axis+K-1 of `a`.
template <int Axis, class T, int N, int K>
NDArray<T, N - K + 1> take_mask(const NDArray<T, N>& a, const NDArray<bool, K>& mask) {
  return detail::gather(a, detail::masked_offsets<Axis>(a, mask));
}

// a[..., index, ...] = value
template <int Axis, class T, int N, class I, int K, class X>
void assign_take(const NDArray<T, N>& a, const NDArray<I, K>& index, const X& value) {
  detail::scatter(a, detail::taken_offsets<Axis>(a, index), value);
}

// a[..., mask, ...] = value. NumPy's message when a 1-D value's length differs from the
// number of true elements (the value fills them in order otherwise).
template <int Axis, class T, int N, int K, class X>
void assign_mask(const NDArray<T, N>& a, const NDArray<bool, K>& mask, const X& value) {
  const NDArray<int64_t, N - K + 1> offsets = detail::masked_offsets<Axis>(a, mask);
  if constexpr (detail::operand_rank<X> == 1 && N - K + 1 == 1) {
    if (value.size() != 1 && value.size() != offsets.size()) {
      throw PyException("ValueError", "NumPy boolean array indexing assignment cannot assign " +
                                          std::to_string(value.size()) + " input values to the " +
                                          std::to_string(offsets.size()) + " output values where the mask is true");
    }
  }
  detail::scatter(a, offsets, value);
}

}  // namespace py2cuda::host
