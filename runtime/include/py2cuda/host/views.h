// py2cuda host runtime: basic indexing, reshaping and assignment of NDArrays.
//
// Basic indexing makes views that share the parent's storage, as NumPy's do, so
// writes through them are seen by every name of the array:
//   a[1:3]        view(a, slice(1, 3))
//   a[i, ::2]     view(a, i, slice(none, none, 2))     an integer drops its dimension
//   a[i]          view(a, i)                           missing trailing indices are `:`
//   a[1:3] = 5    assign(view(a, slice(1, 3)), 5)
//   a[:] = b      assign(a, b)                          src broadcasts to dst's shape
// Slices follow Python's rules for omitted, negative and out-of-range bounds
// (PySlice_AdjustIndices); a step of 0 is ValueError, an integer out of range IndexError.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "../none.h"
#include "broadcast.h"
#include "cast.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

// One bound of a slice: an integer, or absent (None / std::nullopt).
struct SliceBound {
  std::optional<int64_t> value;
  SliceBound() = default;
  SliceBound(NoneType) {}
  SliceBound(std::nullopt_t) {}
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  SliceBound(I v) : value(static_cast<int64_t>(v)) {}
  SliceBound(std::optional<int64_t> v) : value(v) {}
};

// A Python slice object as written; step None means 1.
struct Slice {
  std::optional<int64_t> start, stop, step;
};

// slice(start, stop, step) with any bound omitted or None: `a[::2]` is slice(none, none, 2).
inline Slice slice(SliceBound start = {}, SliceBound stop = {}, SliceBound step = {}) {
  return Slice{start.value, stop.value, step.value};
}

namespace detail {

// PySlice_AdjustIndices: the first index, step and element count `s` selects of `extent`.
struct SliceRange {
  int64_t start, step, count;
};
inline SliceRange adjust_slice(const Slice& s, int64_t extent) {
  const int64_t step = s.step.value_or(1);
  if (step == 0) throw PyException("ValueError", "slice step cannot be zero");
  auto clamp = [&](std::optional<int64_t> bound, int64_t if_absent) {
    if (!bound) return if_absent;
    int64_t b = *bound;
    if (b < 0) {
      b += extent;
      if (b < 0) b = step < 0 ? -1 : 0;
    } else if (b >= extent) {
      b = step < 0 ? extent - 1 : extent;
    }
    return b;
  };
  const int64_t start = clamp(s.start, step < 0 ? extent - 1 : 0);
  const int64_t stop = clamp(s.stop, step < 0 ? -1 : extent);
  int64_t count = 0;
  if (step > 0 && start < stop) count = (stop - start - 1) / step + 1;
  if (step < 0 && stop < start) count = (start - stop - 1) / (-step) + 1;
  return {start, step, count};
}

template <class X>
inline constexpr bool is_index = std::is_integral_v<std::remove_cvref_t<X>>;

template <class... X>
constexpr int count_indices() {
  return (0 + ... + (is_index<X> ? 1 : 0));
}

}  // namespace detail

// a[idx, ...]: integers and Slices, at most one per dimension; the result is a view.
template <class T, int N, class... X>
NDArray<T, N - detail::count_indices<X...>()> view(const NDArray<T, N>& a, const X&... idx) {
  constexpr int M = N - detail::count_indices<X...>();
  static_assert(sizeof...(X) <= N, "view: too many indices for array");
  static_assert(((detail::is_index<X> || std::is_same_v<std::remove_cvref_t<X>, Slice>) && ...),
                "view: indices are integers or host::Slice");
  static_assert(M >= 1, "view: indexing every dimension gives a scalar: use a(i, j, ...)");
  Shape<M> shape{}, strides{};
  T* data = a.data();
  int in = 0, out = 0;
  auto apply = [&](const auto& x) {
    if constexpr (detail::is_index<decltype(x)>) {
      data += a.stride(in) * detail::resolve_index(static_cast<int64_t>(x), a.shape(in), in);
    } else {
      const detail::SliceRange r = detail::adjust_slice(x, a.shape(in));
      if (r.count > 0) data += a.stride(in) * r.start;
      shape[out] = r.count;
      strides[out] = a.stride(in) * r.step;
      ++out;
    }
    ++in;
  };
  (apply(idx), ...);
  for (; in < N; ++in, ++out) {  // trailing dimensions not written: `:`
    shape[out] = a.shape(in);
    strides[out] = a.stride(in);
  }
  return NDArray<T, M>(a.storage(), data, shape, strides);
}

// a.T: the dimensions reversed, sharing storage.
template <class T, int N>
NDArray<T, N> transpose(const NDArray<T, N>& a) {
  Shape<N> shape, strides;
  for (int d = 0; d < N; ++d) {
    shape[d] = a.shape(N - 1 - d);
    strides[d] = a.stride(N - 1 - d);
  }
  return NDArray<T, N>(a.storage(), a.data(), shape, strides);
}

// np.ascontiguousarray(a): `a` itself when already C-contiguous, else a C-order copy.
template <class T, int N>
NDArray<T, N> ascontiguousarray(const NDArray<T, N>& a) {
  return a.is_c_contiguous() ? a : a.copy();
}

namespace detail {

// Strides that let `shape` view a's elements in C order without copying, if any exist
// (the idea of NumPy's _attempt_nocopy_reshape): group the old and new dimensions into
// runs with equal products; each old run must step through memory as one block.
template <int M, class T, int N>
bool strides_for_view(const NDArray<T, N>& a, const Shape<M>& shape, Shape<M>& strides) {
  int64_t old_shape[N > 0 ? N : 1], old_strides[N > 0 ? N : 1];
  int old_nd = 0;
  for (int d = 0; d < N; ++d) {
    if (a.shape(d) == 1) continue;  // extent-1 axes constrain nothing
    old_shape[old_nd] = a.shape(d);
    old_strides[old_nd] = a.stride(d);
    ++old_nd;
  }
  int oi = 0, ni = 0;
  while (oi < old_nd && ni < M) {
    int oj = oi + 1, nj = ni + 1;
    int64_t old_product = old_shape[oi], new_product = shape[ni];
    while (old_product != new_product) {
      if (new_product < old_product) {
        new_product *= shape[nj++];
      } else {
        old_product *= old_shape[oj++];
      }
    }
    for (int k = oi; k < oj - 1; ++k) {
      if (old_strides[k] != old_shape[k + 1] * old_strides[k + 1]) return false;
    }
    strides[nj - 1] = old_strides[oj - 1];
    for (int k = nj - 1; k > ni; --k) strides[k - 1] = strides[k] * shape[k];
    oi = oj;
    ni = nj;
  }
  for (; ni < M; ++ni) strides[ni] = 1;  // trailing extent-1 axes
  return true;
}

}  // namespace detail

// a.reshape(shape) with at most one -1 inferred: a view of a's storage when the strides
// allow one (always for a C-contiguous array; also e.g. a.T.reshape that only splits or
// merges compatible axes), else a C-order copy, as NumPy decides.
template <int M, class T, int N>
NDArray<T, M> reshape(const NDArray<T, N>& a, Shape<M> shape) {
  int unknown = -1;
  int64_t known = 1;
  for (int d = 0; d < M; ++d) {
    if (shape[d] == -1) {
      if (unknown >= 0) throw PyException("ValueError", "can only specify one unknown dimension");
      unknown = d;
    } else if (shape[d] < 0) {
      throw PyException("ValueError", "negative dimensions not allowed");
    } else {
      known *= shape[d];
    }
  }
  const int64_t size = a.size();
  if (unknown >= 0 && known != 0 && size % known == 0) shape[unknown] = size / known;
  if ((unknown >= 0 && shape[unknown] == -1) || (unknown < 0 && known != size)) {
    const std::string wanted = detail::shape_repr(shape);
    throw PyException("ValueError",
                      "cannot reshape array of size " + std::to_string(size) + " into shape " + wanted);
  }
  Shape<M> strides = detail::contiguous_strides(shape);
  if (a.is_c_contiguous() || size == 0 || detail::strides_for_view<M>(a, shape, strides)) {
    return NDArray<T, M>(a.storage(), a.data(), shape, strides);
  }
  const NDArray<T, N> copy = a.copy();
  return NDArray<T, M>(copy.storage(), copy.data(), shape, detail::contiguous_strides(shape));
}

// a.ravel(): a 1-D view when `a` is C-contiguous, else a copy (NumPy copies any other
// layout here, even a strided 1-D view).
template <class T, int N>
NDArray<T, 1> ravel(const NDArray<T, N>& a) {
  return reshape<1>(a.is_c_contiguous() ? a : a.copy(), Shape<1>{a.size()});
}

// a.flatten(): always a copy.
template <class T, int N>
NDArray<T, 1> flatten(const NDArray<T, N>& a) {
  return reshape<1>(a.copy(), Shape<1>{a.size()});
}

// a.astype(U): always a new C-contiguous array (NumPy's copy=True default).
template <class U, class T, int N>
NDArray<U, N> astype(const NDArray<T, N>& a) {
  NDArray<U, N> result(a.shape());
  U* out = result.data();
  a.for_each_offset([&](int64_t offset) { *out++ = cast_value<U>(a.data()[offset]); });
  return result;
}

// dst[...] = src: src (an NDArray or a number) broadcast to dst's shape and cast to
// dst's type. A source that shares dst's storage is copied first, as NumPy does for
// overlapping operands, so `a[1:] = a[:-1]` shifts.
template <class T, int N, class X>
void assign(const NDArray<T, N>& dst, const X& src) {
  if constexpr (detail::operand_rank<X> > 0) {
    static_assert(detail::operand_rank<X> <= N, "assign: source has more dimensions than target");
    constexpr int K = detail::operand_rank<X>;
    for (int d = 0; d < K; ++d) {
      const int64_t extent = src.shape(d);
      if (extent != 1 && extent != dst.shape(N - K + d)) {
        throw PyException("ValueError", "could not broadcast input array from shape " +
                                            detail::shape_repr(src.shape()) + " into shape " +
                                            detail::shape_repr(dst.shape()));
      }
    }
    if (dst.shares_storage_with(src)) {
      assign(dst, src.copy());
      return;
    }
  }
  using S = detail::OperandElement<X>;
  T* out = dst.data();
  detail::broadcast_loop<N>(
      dst.shape(), dst.strides(), [out](int64_t o, S v) { out[o] = cast_value<T>(v); },
      detail::strided_operand<N>(src, dst.shape()));
}

}  // namespace py2cuda::host
