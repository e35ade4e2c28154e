// py2cuda host runtime: NumPy's NaN-ignoring functions, as numpy/lib/nanfunctions.py
// computes them: np.nan_to_num, np.nansum / np.nanmean (NaN replaced by 0 in a C-order
// copy, then np.sum's pairwise order), np.nanmax / np.nanmin (np.fmax / np.fmin.reduce).
// Integer and bool arrays have no NaN: the plain functions' results.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ndarray.h"
#include "reductions.h"

namespace py2cuda::host {

// np.nan_to_num(x, nan=0.0, posinf=None, neginf=None): a copy with NaN and the
// infinities replaced (by the type's largest and lowest finite values unless given).
template <class T, int N>
NDArray<T, N> nan_to_num(const NDArray<T, N>& x, double nan = 0.0, double posinf = NAN, double neginf = NAN) {
  NDArray<T, N> result = x.copy();
  if constexpr (std::is_floating_point_v<T>) {
    const T big = std::isnan(posinf) ? std::numeric_limits<T>::max() : static_cast<T>(posinf);
    const T low = std::isnan(neginf) ? std::numeric_limits<T>::lowest() : static_cast<T>(neginf);
    for (int64_t i = 0, n = result.size(); i < n; ++i) {
      T& v = result.data()[i];
      if (std::isnan(v)) v = static_cast<T>(nan);
      else if (std::isinf(v)) v = v > 0 ? big : low;
    }
  }
  return result;
}
// np.nan_to_num of a number: the number, replaced as above (a float stays its type).
template <class T>
  requires std::is_arithmetic_v<T>
T nan_to_num(T x, double nan = 0.0, double posinf = NAN, double neginf = NAN) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(x)) return static_cast<T>(nan);
    if (std::isinf(x)) {
      if (x > 0) return std::isnan(posinf) ? std::numeric_limits<T>::max() : static_cast<T>(posinf);
      return std::isnan(neginf) ? std::numeric_limits<T>::lowest() : static_cast<T>(neginf);
    }
  }
  return x;
}

namespace detail {

// NumPy's _replace_nan(a, 0): a C-order copy with each NaN set to 0, and the count of the others.
template <class T, int N>
NDArray<T, N> nan_replaced(const NDArray<T, N>& a, int64_t& kept) {
  NDArray<T, N> copy = a.copy();
  kept = 0;
  for (int64_t i = 0, n = copy.size(); i < n; ++i) {
    if (std::isnan(copy.data()[i])) copy.data()[i] = T(0);
    else ++kept;
  }
  return copy;
}

}  // namespace detail

// np.nansum(a): the sum with NaN counted as zero.
template <class T, int N>
auto nansum(const NDArray<T, N>& a) {
  if constexpr (std::is_floating_point_v<T>) {
    int64_t kept = 0;
    return sum(detail::nan_replaced(a, kept));
  } else {
    return sum(a);
  }
}

// np.nanmean(a): the mean of the elements that are not NaN; NaN when there are none
// (NumPy also warns "Mean of empty slice").
template <class T, int N>
auto nanmean(const NDArray<T, N>& a) {
  if constexpr (std::is_floating_point_v<T>) {
    int64_t kept = 0;
    const T total = sum(detail::nan_replaced(a, kept));
    // _divide_by_count: a NumPy scalar divided by an int64 count is float64, cast back.
    return static_cast<T>(static_cast<double>(total) / static_cast<double>(kept));
  } else {
    return mean(a);
  }
}

// np.nanmax / np.nanmin(a): the extreme of the elements that are not NaN (fmax/fmin.reduce);
// NaN when every element is NaN; ValueError for an empty array.
template <class T, int N>
T nanmax(const NDArray<T, N>& a) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a.size() == 0) detail::throw_no_identity("fmax");
    const NDArray<T, N> c = a.copy();
    T acc = c.data()[0];
    for (int64_t i = 1, n = c.size(); i < n; ++i) acc = scalar::fmax(acc, c.data()[i]);
    return acc;
  } else {
    return max(a);
  }
}
template <class T, int N>
T nanmin(const NDArray<T, N>& a) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a.size() == 0) detail::throw_no_identity("fmin");
    const NDArray<T, N> c = a.copy();
    T acc = c.data()[0];
    for (int64_t i = 1, n = c.size(); i < n; ++i) acc = scalar::fmin(acc, c.data()[i]);
    return acc;
  } else {
    return min(a);
  }
}

// The axis forms (N >= 2; a 1-D array's axis 0 is the full reduction above), as
// nanfunctions.py computes them: nansum is np.sum(a, axis) of the NaN-replaced copy,
// nanmean that sum divided (in float64, cast back) by each line's count of non-NaN
// elements, nanmax / nanmin np.fmax / np.fmin.reduce along the axis.
template <class T, int N>
auto nansum(const NDArray<T, N>& a, int axis) {
  if constexpr (std::is_floating_point_v<T>) {
    int64_t kept = 0;
    return sum(detail::nan_replaced(a, kept), axis);
  } else {
    return sum(a, axis);
  }
}
template <class T, int N>
auto nanmean(const NDArray<T, N>& a, int axis) {
  if constexpr (std::is_floating_point_v<T>) {
    axis = detail::normalize_axis<N>(axis);
    int64_t kept = 0;
    NDArray<T, N - 1> total = sum(detail::nan_replaced(a, kept), axis);
    const NDArray<int64_t, N - 1> counts = detail::reduce_lines<int64_t>(a, axis, [](const T* p, int64_t n, int64_t stride) {
      int64_t k = 0;
      for (int64_t i = 0; i < n; ++i) k += std::isnan(p[i * stride]) ? 0 : 1;
      return k;
    });
    for (int64_t i = 0, n = total.size(); i < n; ++i) {
      total.data()[i] = static_cast<T>(static_cast<double>(total.data()[i]) / static_cast<double>(counts.data()[i]));
    }
    return total;
  } else {
    return mean(a, axis);
  }
}
template <class T, int N>
NDArray<T, N - 1> nanmax(const NDArray<T, N>& a, int axis) {
  if constexpr (std::is_floating_point_v<T>) {
    axis = detail::normalize_axis<N>(axis);
    if (a.shape(axis) == 0) detail::throw_no_identity("fmax");
    return detail::reduce_lines<T>(a, axis, [](const T* p, int64_t n, int64_t stride) {
      T acc = p[0];
      for (int64_t i = 1; i < n; ++i) acc = scalar::fmax(acc, p[i * stride]);
      return acc;
    });
  } else {
    return max(a, axis);
  }
}
template <class T, int N>
NDArray<T, N - 1> nanmin(const NDArray<T, N>& a, int axis) {
  if constexpr (std::is_floating_point_v<T>) {
    axis = detail::normalize_axis<N>(axis);
    if (a.shape(axis) == 0) detail::throw_no_identity("fmin");
    return detail::reduce_lines<T>(a, axis, [](const T* p, int64_t n, int64_t stride) {
      T acc = p[0];
      for (int64_t i = 1; i < n; ++i) acc = scalar::fmin(acc, p[i * stride]);
      return acc;
    });
  } else {
    return min(a, axis);
  }
}

// np.nanvar(a, ddof=0) over every element (nanfunctions.py's steps): the mean of the non-NaN
// elements (their sum, divided in float64), the squared deviations with NaN as 0 summed as
// np.sum sums, divided by count - ddof; NaN when that is not positive (NumPy also warns).
template <class T, int N>
auto nanvar(const NDArray<T, N>& a, int64_t ddof = 0) {
  if constexpr (std::is_floating_point_v<T>) {
    const NDArray<T, N> original = a.copy();
    int64_t kept = 0;
    NDArray<T, N> values = detail::nan_replaced(a, kept);
    const T centre = static_cast<T>(static_cast<double>(sum(values)) / static_cast<double>(kept));
    for (int64_t i = 0, n = values.size(); i < n; ++i) {
      const T d = std::isnan(original.data()[i]) ? T(0) : values.data()[i] - centre;
      values.data()[i] = d * d;
    }
    const int64_t dof = kept - ddof;
    if (dof <= 0) return std::numeric_limits<T>::quiet_NaN();
    return static_cast<T>(static_cast<double>(sum(values)) / static_cast<double>(dof));
  } else {
    return var(a, ddof);
  }
}
// np.nanstd(a, ddof=0): the square root of nanvar, in its type.
template <class T, int N>
auto nanstd(const NDArray<T, N>& a, int64_t ddof = 0) {
  return std::sqrt(nanvar(a, ddof));
}

// np.nanargmax / np.nanargmin(a): argmax / argmin with NaN replaced by -inf / +inf;
// ValueError when every element is NaN.
template <bool Max, class T, int N>
int64_t nan_arg_extreme(const NDArray<T, N>& a) {
  if constexpr (std::is_floating_point_v<T>) {
    NDArray<T, N> values = a.copy();
    int64_t kept = 0;
    for (int64_t i = 0, n = values.size(); i < n; ++i) {
      T& v = values.data()[i];
      if (std::isnan(v)) v = Max ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
      else ++kept;
    }
    if (values.size() > 0 && kept == 0) throw PyException("ValueError", "All-NaN slice encountered");
    return Max ? argmax(values) : argmin(values);
  } else {
    return Max ? argmax(a) : argmin(a);
  }
}
template <class T, int N>
int64_t nanargmax(const NDArray<T, N>& a) {
  return nan_arg_extreme<true>(a);
}
template <class T, int N>
int64_t nanargmin(const NDArray<T, N>& a) {
  return nan_arg_extreme<false>(a);
}

}  // namespace py2cuda::host
