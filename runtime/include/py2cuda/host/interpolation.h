// py2cuda host runtime: np.interp (compiled_base.c's arr_interp: the same search, slope and
// NaN fallbacks, in float64), np.trapz (numpy/lib/function_base.py's terms
// d * (y[1:] + y[:-1]) / 2.0, then np.sum's pairwise order) and np.polyval (Horner's rule
// from the highest coefficient, as NumPy loops).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "elementwise.h"
#include "exceptions.h"
#include "ndarray.h"
#include "reductions.h"

namespace py2cuda::host {

namespace detail {

struct InterpTable {
  NDArray<double, 1> xp, fp;
  double left, right;
};

template <class X, class F>
InterpTable interp_table(const NDArray<X, 1>& xp, const NDArray<F, 1>& fp, double left, double right) {
  if (xp.shape(0) == 0) throw PyException("ValueError", "array of sample points is empty");
  if (xp.shape(0) != fp.shape(0)) throw PyException("ValueError", "fp and xp are not of the same length.");
  InterpTable t{NDArray<double, 1>(xp.shape()), NDArray<double, 1>(fp.shape()), left, right};
  for (int64_t i = 0, n = xp.shape(0); i < n; ++i) {
    t.xp.data()[i] = static_cast<double>(xp.data()[i * xp.stride(0)]);
    t.fp.data()[i] = static_cast<double>(fp.data()[i * fp.stride(0)]);
  }
  if (std::isnan(t.left)) t.left = t.fp.data()[0];
  if (std::isnan(t.right)) t.right = t.fp.data()[t.fp.shape(0) - 1];
  return t;
}

inline double interp_one(const InterpTable& t, double x) {
  const double* dx = t.xp.data();
  const double* dy = t.fp.data();
  const int64_t n = t.xp.shape(0);
  if (n == 1) return x < dx[0] ? t.left : (x > dx[0] ? t.right : dy[0]);
  if (std::isnan(x)) return x;
  if (x > dx[n - 1]) return t.right;
  if (x < dx[0]) return t.left;
  const int64_t j = (std::upper_bound(dx, dx + n, x) - dx) - 1;  // dx[j] <= x < dx[j + 1]
  if (j == n - 1 || dx[j] == x) return dy[j];
  const double slope = (dy[j + 1] - dy[j]) / (dx[j + 1] - dx[j]);
  double r = slope * (x - dx[j]) + dy[j];
  if (std::isnan(r)) {
    r = slope * (x - dx[j + 1]) + dy[j + 1];
    if (std::isnan(r) && dy[j] == dy[j + 1]) r = dy[j];
  }
  return r;
}

}  // namespace detail

// np.interp(x, xp, fp, left=None, right=None): float64 (NaN stands for None here: NumPy
// would use a NaN left/right as given, which gives NaN either way).
template <class X, class F, class V>
  requires std::is_arithmetic_v<V>
double interp(V x, const NDArray<X, 1>& xp, const NDArray<F, 1>& fp, double left = NAN, double right = NAN) {
  return detail::interp_one(detail::interp_table(xp, fp, left, right), static_cast<double>(x));
}
template <class V, int N, class X, class F>
NDArray<double, N> interp(const NDArray<V, N>& x, const NDArray<X, 1>& xp, const NDArray<F, 1>& fp, double left = NAN,
                          double right = NAN) {
  const detail::InterpTable t = detail::interp_table(xp, fp, left, right);
  const NDArray<V, N> c = x.copy();
  NDArray<double, N> result(x.shape());
  for (int64_t i = 0, n = c.size(); i < n; ++i) result.data()[i] = detail::interp_one(t, static_cast<double>(c.data()[i]));
  return result;
}

// np.trapz(y, dx=1.0) of a 1-D y: each term in P (y * dx's type), divided by 2 in T, summed.
template <class T, class P, class Y>
T trapz(const NDArray<Y, 1>& y, double dx = 1.0) {
  const int64_t n = y.shape(0) > 0 ? y.shape(0) - 1 : 0;
  NDArray<T, 1> terms(Shape<1>{n});
  for (int64_t i = 0; i < n; ++i) {
    const Y s = scalar::add(y.data()[(i + 1) * y.stride(0)], y.data()[i * y.stride(0)]);
    const P m = scalar::multiply(static_cast<P>(dx), static_cast<P>(s));
    terms.data()[i] = static_cast<T>(m) / static_cast<T>(2.0);
  }
  return sum(terms);
}
// np.trapz(y, x) of 1-D arrays: the spacing diff(x) instead of dx.
template <class T, class P, class Y, class X>
T trapz(const NDArray<Y, 1>& y, const NDArray<X, 1>& x) {
  if (x.shape(0) != y.shape(0)) {
    throw PyException("ValueError", "operands could not be broadcast together with shapes (" +
                                        std::to_string(x.shape(0) > 0 ? x.shape(0) - 1 : 0) + ",) (" +
                                        std::to_string(y.shape(0) > 0 ? y.shape(0) - 1 : 0) + ",) ");
  }
  const int64_t n = y.shape(0) > 0 ? y.shape(0) - 1 : 0;
  NDArray<T, 1> terms(Shape<1>{n});
  for (int64_t i = 0; i < n; ++i) {
    const X d = scalar::subtract(x.data()[(i + 1) * x.stride(0)], x.data()[i * x.stride(0)]);
    const Y s = scalar::add(y.data()[(i + 1) * y.stride(0)], y.data()[i * y.stride(0)]);
    const P m = scalar::multiply(static_cast<P>(d), static_cast<P>(s));
    terms.data()[i] = static_cast<T>(m) / static_cast<T>(2.0);
  }
  return sum(terms);
}

// np.polyval(p, x): y = y * x + p[k] for each coefficient, highest power first, in T.
template <class T, class C, class V>
  requires std::is_arithmetic_v<V>
T polyval(const NDArray<C, 1>& p, V x) {
  T y = T(0);
  for (int64_t k = 0, n = p.shape(0); k < n; ++k) {
    y = scalar::add(scalar::multiply(y, static_cast<T>(x)), static_cast<T>(p.data()[k * p.stride(0)]));
  }
  return y;
}
template <class T, class C, class V, int N>
NDArray<T, N> polyval(const NDArray<C, 1>& p, const NDArray<V, N>& x) {
  const NDArray<V, N> c = x.copy();
  NDArray<T, N> result(x.shape());
  for (int64_t i = 0, n = c.size(); i < n; ++i) result.data()[i] = polyval<T>(p, c.data()[i]);
  return result;
}

}  // namespace py2cuda::host
