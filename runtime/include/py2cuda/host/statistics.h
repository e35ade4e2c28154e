// py2cuda host runtime: np.median, np.percentile / np.quantile (method='linear'),
// np.histogram (bins a number).
//
// median is the mean of the middle element(s) of the sorted line, in np.mean's type
// (float64 for integers, a float array's own type). percentile and quantile follow
// NumPy 1.26's linear method in float64: the virtual index q * (n - 1), then
// _lerp(a, b, t) = a + (b - a) * t, or b - (b - a) * (1 - t) when t >= 0.5. A NaN in the
// data gives NaN. axis=None works on the flattened array; with an axis, each line.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "../tuple.h"
#include "cast.h"
#include "creation.h"
#include "exceptions.h"
#include "ndarray.h"
#include "reductions.h"
#include "sorting.h"

namespace py2cuda::host {

namespace detail {

template <class T>
std::vector<T> sorted_line(const T* p, int64_t n, int64_t stride) {
  std::vector<T> line(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i) line[static_cast<std::size_t>(i)] = p[i * stride];
  std::stable_sort(line.begin(), line.end(), [](T x, T y) { return sort_less(x, y); });
  return line;
}

template <class T>
bool ends_in_nan(const std::vector<T>& sorted) {
  if constexpr (std::is_floating_point_v<T>) {
    return !sorted.empty() && std::isnan(sorted.back());
  } else {
    return false;
  }
}

template <class R, class T>
R median_of(const std::vector<T>& s) {
  const std::size_t n = s.size();
  if (n == 0 || ends_in_nan(s)) return static_cast<R>(NAN);
  if (n % 2 == 1) return cast_value<R>(s[n / 2]);
  return static_cast<R>((cast_value<R>(s[n / 2 - 1]) + cast_value<R>(s[n / 2])) / R(2));
}

// q in [0, 1] of a sorted line, NumPy's linear method.
template <class T>
double quantile_of(const std::vector<T>& s, double q) {
  const int64_t n = static_cast<int64_t>(s.size());
  if (n == 0 || ends_in_nan(s)) return NAN;
  const double virtual_index = static_cast<double>(n - 1) * q;
  double previous = std::floor(virtual_index);
  const double gamma = virtual_index - previous;
  int64_t lo = static_cast<int64_t>(previous), hi = lo + 1;
  if (lo < 0) lo = 0;
  if (hi > n - 1) hi = n - 1;
  if (lo > n - 1) lo = n - 1;
  const double a = cast_value<double>(s[static_cast<std::size_t>(lo)]);
  const double b = cast_value<double>(s[static_cast<std::size_t>(hi)]);
  const double diff = b - a;
  return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}

inline double checked_quantile(double q, bool percent) {
  const double f = percent ? q / 100.0 : q;
  if (!(f >= 0.0 && f <= 1.0)) {
    throw PyException("ValueError", percent ? "Percentiles must be in the range [0, 100]"
                                            : "Quantiles must be in the range [0, 1]");
  }
  return f;
}

template <class R, class T, int N, class F>
NDArray<R, N - 1> over_lines(const NDArray<T, N>& a, int axis, F&& f) {
  axis = normalize_axis<N>(axis);
  return reduce_lines<R>(a, axis, [&](const T* p, int64_t n, int64_t stride) { return f(sorted_line(p, n, stride)); });
}

}  // namespace detail

// np.median(a) / np.median(a, axis): R is np.mean's type.
template <class R, class T, int N>
R median(const NDArray<T, N>& a) {
  NDArray<T, 1> flat(Shape<1>{a.size()});
  a.copy_elements_to(flat.data());
  return detail::median_of<R>(detail::sorted_line(flat.data(), flat.size(), 1));
}
template <class R, class T, int N>
NDArray<R, N - 1> median(const NDArray<T, N>& a, int axis) {
  return detail::over_lines<R>(a, axis, [](const auto& s) { return detail::median_of<R>(s); });
}

namespace detail {

template <class T, int N>
double quantile_flat(const NDArray<T, N>& a, double q, bool percent) {
  const double f = checked_quantile(q, percent);
  NDArray<T, 1> flat(Shape<1>{a.size()});
  a.copy_elements_to(flat.data());
  return quantile_of(sorted_line(flat.data(), flat.size(), 1), f);
}
template <class T, int N, class Q, int M>
NDArray<double, M> quantile_flat(const NDArray<T, N>& a, const NDArray<Q, M>& q, bool percent) {
  NDArray<T, 1> flat(Shape<1>{a.size()});
  a.copy_elements_to(flat.data());
  const std::vector<T> sorted = sorted_line(flat.data(), flat.size(), 1);
  NDArray<double, M> result(q.shape());
  double* out = result.data();
  q.for_each_offset([&](int64_t o) {
    *out++ = quantile_of(sorted, checked_quantile(cast_value<double>(q.data()[o]), percent));
  });
  return result;
}
template <class T, int N>
NDArray<double, N - 1> quantile_axis(const NDArray<T, N>& a, double q, bool percent, int axis) {
  const double f = checked_quantile(q, percent);
  return over_lines<double>(a, axis, [f](const auto& s) { return quantile_of(s, f); });
}

}  // namespace detail

// np.quantile(a, q) with q in [0, 1], np.percentile(a, q) with q in [0, 100]: float64; q a
// number or an array of them (the result has q's shape), or one q along an axis.
template <class T, int N, class Q>
auto quantile(const NDArray<T, N>& a, const Q& q) {
  return detail::quantile_flat(a, q, false);
}
template <class T, int N>
NDArray<double, N - 1> quantile(const NDArray<T, N>& a, double q, int axis) {
  return detail::quantile_axis(a, q, false, axis);
}
template <class T, int N, class Q>
auto percentile(const NDArray<T, N>& a, const Q& q) {
  return detail::quantile_flat(a, q, true);
}
template <class T, int N>
NDArray<double, N - 1> percentile(const NDArray<T, N>& a, double q, int axis) {
  return detail::quantile_axis(a, q, true, axis);
}

// np.histogram(a, bins, range=None): (counts int64, edges), edges of type E (float64 for
// integer data, a float array's own type), NumPy 1.26's equal-width algorithm: the bin of x
// is int((x - first) / (last - first) * bins), corrected by one against the edges; the last
// bin includes its right edge. With range=(lo, hi), values outside it are not counted.
template <class E, class T, int N>
py2cuda::tuple<NDArray<int64_t, 1>, NDArray<E, 1>> histogram(const NDArray<T, N>& a, int64_t bins, bool has_range,
                                                           double range_lo, double range_hi) {
  if (bins < 1) throw PyException("ValueError", "`bins` must be positive, when an integer");
  std::vector<E> values;
  values.reserve(static_cast<std::size_t>(a.size()));
  a.for_each_offset([&](int64_t o) { values.push_back(cast_value<E>(a.data()[o])); });
  E first, last;
  if (has_range) {
    if (range_lo > range_hi) throw PyException("ValueError", "max must be larger than min in range parameter.");
    first = cast_value<E>(range_lo);
    last = cast_value<E>(range_hi);
  } else if (values.empty()) {
    first = E(0);
    last = E(1);
  } else {
    T lo = a.data()[0], hi = a.data()[0];
    a.for_each_offset([&](int64_t o) {
      const T x = a.data()[o];
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    });
    first = cast_value<E>(lo);
    last = cast_value<E>(hi);
  }
  if (!std::isfinite(static_cast<double>(first)) || !std::isfinite(static_cast<double>(last))) {
    throw PyException("ValueError", "autodetected range of [" + std::to_string(static_cast<double>(first)) + ", " +
                                        std::to_string(static_cast<double>(last)) + "] is not finite");
  }
  if (first == last) {
    first = static_cast<E>(first - E(0.5));
    last = static_cast<E>(last + E(0.5));
  }
  NDArray<E, 1> edges = linspace<E>(first, last, bins + 1, true);
  NDArray<int64_t, 1> counts(Shape<1>{bins});
  const E denom = static_cast<E>(last - first);
  const E* edge = edges.data();
  for (const E x : values) {
    if (!(x >= first && x <= last)) continue;
    int64_t i = static_cast<int64_t>(static_cast<E>(static_cast<E>((x - first) / denom) * static_cast<E>(bins)));
    if (i == bins) --i;
    if (x < edge[i]) --i;
    if (x >= edge[i + 1] && i != bins - 1) ++i;
    ++counts.data()[i];
  }
  return py2cuda::make_tuple(counts, edges);
}

template <class E, class T, int N>
py2cuda::tuple<NDArray<int64_t, 1>, NDArray<E, 1>> histogram(const NDArray<T, N>& a, int64_t bins = 10) {
  return histogram<E>(a, bins, false, 0.0, 0.0);
}
template <class E, class T, int N>
py2cuda::tuple<NDArray<int64_t, 1>, NDArray<E, 1>> histogram(const NDArray<T, N>& a, int64_t bins, double range_lo,
                                                           double range_hi) {
  return histogram<E>(a, bins, true, range_lo, range_hi);
}

}  // namespace py2cuda::host
