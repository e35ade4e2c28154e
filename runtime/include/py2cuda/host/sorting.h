// py2cuda host runtime: np.sort, a.sort(), np.argsort, np.unique, np.searchsorted.
//
// Every sort here is stable (equal elements keep their order), which is NumPy's
// kind='stable'/'mergesort'. NumPy's default quicksort (introsort, or AVX-512 sorts
// where the CPU has them) gives the same values, and the same argsort for distinct keys
// (and for ties in arrays of at most 16 elements, which its insertion sort handles);
// argsort of larger arrays with equal keys may order the ties differently there.
// NaN sorts after everything, as in NumPy.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <type_traits>
#include <tuple>
#include <vector>

#include "../tuple.h"
#include "exceptions.h"
#include "ndarray.h"
#include "reductions.h"

namespace py2cuda::host {

namespace detail {

// NumPy's sort order: NaN after every number.
template <class T>
bool sort_less(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a < b || (std::isnan(b) && !std::isnan(a));
  } else {
    return a < b;
  }
}

// f(first element, extent, stride) for each 1-D line of `a` along `axis`, in C order of
// the other indices.
template <class T, int N, class F>
void for_each_line(const NDArray<T, N>& a, int axis, F&& f) {
  if constexpr (N == 1) {
    f(a.data(), a.shape(0), a.stride(0));
  } else {
    const NDArray<T, N - 1> first = drop_axis(a, axis);
    const int64_t extent = a.shape(axis), stride = a.stride(axis);
    first.for_each_offset([&](int64_t offset) { f(a.data() + offset, extent, stride); });
  }
}

// np.unique's equality: NaNs are one value (NumPy 1.26's equal_nan=True).
template <class T>
bool same_value(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(x) && std::isnan(y)) return true;
  }
  return x == y;
}

// The positions 0..n-1 of a line in stable sorted order.
template <class T>
std::vector<int64_t> sorted_positions(const T* p, int64_t n, int64_t stride) {
  std::vector<int64_t> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), int64_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t i, int64_t j) { return sort_less(p[i * stride], p[j * stride]); });
  return order;
}

}  // namespace detail

// a.sort(axis=-1): each line along `axis` sorted in place (a may be a view).
template <class T, int N>
void sort_in_place(const NDArray<T, N>& a, int axis = -1) {
  axis = detail::normalize_axis<N>(axis);
  std::vector<T> line;
  detail::for_each_line(a, axis, [&](T* p, int64_t n, int64_t stride) {
    line.resize(static_cast<std::size_t>(n));
    for (int64_t i = 0; i < n; ++i) line[static_cast<std::size_t>(i)] = p[i * stride];
    std::stable_sort(line.begin(), line.end(), [](T x, T y) { return detail::sort_less(x, y); });
    for (int64_t i = 0; i < n; ++i) p[i * stride] = line[static_cast<std::size_t>(i)];
  });
}

// np.sort(a, axis=-1): a sorted copy.
template <class T, int N>
NDArray<T, N> sort(const NDArray<T, N>& a, int axis = -1) {
  NDArray<T, N> result = a.copy();
  sort_in_place(result, axis);
  return result;
}

// np.sort(a, axis=None): the flattened array, sorted.
template <class T, int N>
NDArray<T, 1> sort_flat(const NDArray<T, N>& a) {
  NDArray<T, 1> result(Shape<1>{a.size()});
  a.copy_elements_to(result.data());
  sort_in_place(result, 0);
  return result;
}

// np.argsort(a, axis=-1): for each line, the indices that sort it.
template <class T, int N>
NDArray<int64_t, N> argsort(const NDArray<T, N>& a, int axis = -1) {
  axis = detail::normalize_axis<N>(axis);
  NDArray<int64_t, N> result(a.shape());
  // The result's lines, visited in the same order as a's.
  std::vector<int64_t*> lines;
  detail::for_each_line(result, axis, [&](int64_t* p, int64_t, int64_t) { lines.push_back(p); });
  const int64_t out_stride = result.stride(axis);
  std::size_t k = 0;
  detail::for_each_line(a, axis, [&](T* p, int64_t n, int64_t stride) {
    const std::vector<int64_t> order = detail::sorted_positions(p, n, stride);
    int64_t* out = lines[k++];
    for (int64_t i = 0; i < n; ++i) out[i * out_stride] = order[static_cast<std::size_t>(i)];
  });
  return result;
}

// np.argsort(a, axis=None): indices into the flattened array.
template <class T, int N>
NDArray<int64_t, 1> argsort_flat(const NDArray<T, N>& a) {
  NDArray<T, 1> flat(Shape<1>{a.size()});
  a.copy_elements_to(flat.data());
  return argsort(flat, 0);
}

// np.unique(ar): the sorted distinct elements of the flattened array (NaNs as one).
template <class T, int N>
NDArray<T, 1> unique(const NDArray<T, N>& a) {
  std::vector<T> values(static_cast<std::size_t>(a.size()));
  a.copy_elements_to(values.data());
  std::stable_sort(values.begin(), values.end(), [](T x, T y) { return detail::sort_less(x, y); });
  values.erase(std::unique(values.begin(), values.end(), detail::same_value<T>), values.end());
  NDArray<T, 1> result(Shape<1>{static_cast<int64_t>(values.size())});
  std::copy(values.begin(), values.end(), result.data());
  return result;
}

// np.unique(ar, return_counts=True): the sorted distinct elements and how often each occurs.
template <class T, int N>
py2cuda::tuple<NDArray<T, 1>, NDArray<int64_t, 1>> unique_counts(const NDArray<T, N>& a) {
  const NDArray<T, 1> values = unique(a);
  NDArray<T, 1> sorted = sort_flat(a);
  NDArray<int64_t, 1> counts(Shape<1>{values.size()});
  int64_t k = 0;
  for (int64_t i = 0; i < values.size(); ++i) {
    int64_t n = 0;
    const T v = values.data()[i];
    while (k < sorted.size() && detail::same_value(sorted.data()[k], v)) ++k, ++n;
    counts.data()[i] = n;
  }
  return py2cuda::make_tuple(values, counts);
}

namespace detail {
template <bool Wanted, class X>
auto tuple_part(const X& x) {
  if constexpr (Wanted) return std::make_tuple(x);
  else return std::tuple<>();
}
}  // namespace detail

// np.unique(ar, return_index=, return_inverse=, return_counts=): the sorted distinct elements,
// then, as asked, the flat index of each one's first occurrence (NumPy's stable mergesort), the
// index into them of every element (1-D, NumPy 1.26) and their counts.
template <bool Index, bool Inverse, bool Counts, class T, int N>
auto unique_with(const NDArray<T, N>& a) {
  const int64_t n = a.size();
  std::vector<T> flat(static_cast<std::size_t>(n));
  a.copy_elements_to(flat.data());
  const std::vector<int64_t> order = detail::sorted_positions(flat.data(), n, 1);
  std::vector<int64_t> starts;  // positions in `order` where a new value begins
  for (int64_t i = 0; i < n; ++i) {
    if (i == 0 || !detail::same_value(flat[order[i - 1]], flat[order[i]])) starts.push_back(i);
  }
  const int64_t m = static_cast<int64_t>(starts.size());
  NDArray<T, 1> values(Shape<1>{m});
  NDArray<int64_t, 1> first(Shape<1>{m}), counts(Shape<1>{m}), inverse(Shape<1>{n});
  for (int64_t k = 0; k < m; ++k) {
    const int64_t begin = starts[k], end = k + 1 < m ? starts[k + 1] : n;
    values.data()[k] = flat[order[begin]];
    first.data()[k] = order[begin];
    counts.data()[k] = end - begin;
    for (int64_t i = begin; i < end; ++i) inverse.data()[order[i]] = k;
  }
  auto parts = std::tuple_cat(std::make_tuple(values), detail::tuple_part<Index>(first), detail::tuple_part<Inverse>(inverse),
                              detail::tuple_part<Counts>(counts));
  return std::apply([](const auto&... p) { return py2cuda::make_tuple(p...); }, parts);
}

namespace detail {

// Where v goes in the sorted line a (compared in the common type C).
template <class C, class T, class V>
int64_t sorted_position(const NDArray<T, 1>& a, V v, bool right) {
  const C key = cast_value<C>(v);
  int64_t lo = 0, hi = a.shape(0);
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    const C x = cast_value<C>(a.data()[mid * a.stride(0)]);
    // left: the first x with !(x < key); right: the first x with key < x.
    if (right ? !sort_less(key, x) : sort_less(x, key)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

}  // namespace detail

// np.searchsorted(a, v, side='left') / searchsorted_right (side='right'), compared in NumPy's
// common type C; v a number or an array (the result has v's shape).
template <class C, class T, class V>
auto searchsorted(const NDArray<T, 1>& a, const V& v, bool right = false) {
  if constexpr (std::is_arithmetic_v<V>) {
    return detail::sorted_position<C>(a, v, right);
  } else {
    NDArray<int64_t, V::ndim> result(v.shape());
    int64_t* out = result.data();
    v.for_each_offset([&](int64_t o) { *out++ = detail::sorted_position<C>(a, v.data()[o], right); });
    return result;
  }
}
template <class C, class T, class V>
auto searchsorted_right(const NDArray<T, 1>& a, const V& v) {
  return searchsorted<C>(a, v, true);
}

}  // namespace py2cuda::host
