// py2cuda host runtime: Python's math module as CPython 3.11 computes it on the host.
//
// Kernels follow CUDA's math (math.sqrt(-1.0) is nan there); host code is CPython's,
// whose functions compute in double (a float32 argument becomes a Python float) and
// raise where the C library would give a NaN or an infinity from finite arguments:
// ValueError("math domain error") for a NaN (or an infinity from a pole, log(0)),
// OverflowError("math range error") for an overflow (mathmodule.c's math_1 and
// is_error). gamma and lgamma call the C library's tgamma and lgamma, where CPython has
// its own Lanczos approximation: their last bit may differ. Integer functions (factorial, comb, isqrt...) take Python ints, which
// py2cuda's host code holds in int64: a result outside int64 raises OverflowError
// instead of growing (CPython's ints are unbounded).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "../tuple.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host::pymath {

// x hidden from the compiler's constant folding: GCC evaluates math calls of constants
// with MPFR, correctly rounded, while CPython calls the C library at run time, whose
// last bit may differ (acosh(2.0)).
inline double opaque(double x) {
  volatile double v = x;
  return v;
}

[[noreturn]] inline void domain_error() { throw ValueError("math domain error"); }
[[noreturn]] inline void range_error() { throw OverflowError("math range error"); }

// math_1: r = f(x), checked. can_overflow: an infinity from a finite x is an overflow
// (exp, cosh...) rather than a pole (atanh(1), log1p(-1)).
template <class F>
double checked1(double x, F f, bool can_overflow) {
  const double r = f(opaque(x));
  if (std::isnan(r) && !std::isnan(x)) domain_error();
  if (std::isinf(r) && std::isfinite(x)) {
    if (can_overflow) range_error();
    domain_error();
  }
  return r;
}

#define P2C_PYMATH1(NAME, EXPR, OVERFLOW) \
  inline double NAME(double x) { return checked1(x, [](double v) { return EXPR; }, OVERFLOW); }
P2C_PYMATH1(sqrt, std::sqrt(v), false)
P2C_PYMATH1(cbrt, std::cbrt(v), false)
P2C_PYMATH1(exp, std::exp(v), true)
P2C_PYMATH1(exp2, std::exp2(v), true)
P2C_PYMATH1(expm1, std::expm1(v), true)
P2C_PYMATH1(log1p, std::log1p(v), false)
P2C_PYMATH1(sin, std::sin(v), false)
P2C_PYMATH1(cos, std::cos(v), false)
P2C_PYMATH1(tan, std::tan(v), false)
P2C_PYMATH1(asin, std::asin(v), false)
P2C_PYMATH1(acos, std::acos(v), false)
P2C_PYMATH1(atan, std::atan(v), false)
P2C_PYMATH1(sinh, std::sinh(v), true)
P2C_PYMATH1(cosh, std::cosh(v), true)
P2C_PYMATH1(tanh, std::tanh(v), false)
P2C_PYMATH1(asinh, std::asinh(v), false)
P2C_PYMATH1(acosh, std::acosh(v), false)
P2C_PYMATH1(atanh, std::atanh(v), false)
P2C_PYMATH1(fabs, std::fabs(v), false)
P2C_PYMATH1(erf, std::erf(v), false)
P2C_PYMATH1(erfc, std::erfc(v), false)
#undef P2C_PYMATH1

inline double degrees(double x) { return x * (180.0 / 3.141592653589793238462643383279502884); }
inline double radians(double x) { return x * (3.141592653589793238462643383279502884 / 180.0); }

// gamma and lgamma: poles at 0 and the negative integers are domain errors.
inline double gamma(double x) {
  if (std::isnan(x)) return x;
  if (x == -std::numeric_limits<double>::infinity() || (x <= 0 && x == std::floor(x))) domain_error();
  const double r = std::tgamma(opaque(x));
  if (std::isinf(r) && std::isfinite(x)) range_error();
  return r;
}
inline double lgamma(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return std::numeric_limits<double>::infinity();
  if (x <= 0 && x == std::floor(x)) domain_error();
  const double r = std::lgamma(opaque(x));
  if (std::isinf(r)) range_error();
  return r;
}

// log, log2, log10 of x <= 0 (and -inf): domain errors; log(x, base) divides the two.
#define P2C_PYMATH_LOG(NAME, FN)                              \
  inline double NAME(double x) {                              \
    if (std::isnan(x)) return x;                              \
    if (x <= 0) domain_error();                               \
    return FN(opaque(x));                                     \
  }
P2C_PYMATH_LOG(log, std::log)
P2C_PYMATH_LOG(log2, std::log2)
P2C_PYMATH_LOG(log10, std::log10)
#undef P2C_PYMATH_LOG
inline double log(double x, double base) {
  const double num = log(x), den = log(base);
  if (den == 0) throw ZeroDivisionError("float division by zero");
  return num / den;
}

// math.pow: C's pow for the special values (CPython's table agrees with C99's); from
// finite arguments a NaN is a domain error, an infinity an overflow (or, from 0 to a
// negative power, a domain error).
inline double pow(double x, double y) {
  const double r = std::pow(opaque(x), y);
  if (std::isfinite(x) && std::isfinite(y) && !std::isfinite(r)) {
    if (std::isnan(r) || x == 0) domain_error();
    range_error();
  }
  return r;
}

inline double atan2(double y, double x) { return std::atan2(opaque(y), x); }
inline double hypot(double x, double y) {
  const double r = std::hypot(opaque(x), y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) range_error();
  return r;
}
inline double copysign(double x, double y) { return std::copysign(x, y); }
inline double fmod(double x, double y) {
  if (std::isinf(y) && std::isfinite(x)) return x;
  const double r = std::fmod(opaque(x), y);
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) domain_error();
  return r;
}
inline double remainder(double x, double y) {
  if (std::isnan(x)) return x;
  if (std::isnan(y)) return y;
  if (std::isinf(x) || y == 0) domain_error();
  if (std::isinf(y)) return x;
  return std::remainder(opaque(x), y);
}
inline double nextafter(double x, double y) { return std::nextafter(x, y); }
inline double ulp(double x) {
  if (std::isnan(x)) return x;
  x = std::fabs(x);
  if (std::isinf(x)) return x;
  const double up = std::nextafter(x, std::numeric_limits<double>::infinity());
  if (std::isinf(up)) return x - std::nextafter(x, -std::numeric_limits<double>::infinity());
  return up - x;
}
inline double ldexp(double x, int64_t i) {
  if (x == 0 || !std::isfinite(x)) return x;
  const int e = i > 100000 ? 100000 : i < -100000 ? -100000 : static_cast<int>(i);
  const double r = std::ldexp(x, e);
  if (std::isinf(r)) range_error();
  return r;
}
inline py2cuda::tuple<double, int64_t> frexp(double x) {
  if (std::isnan(x) || std::isinf(x) || x == 0) return py2cuda::tuple<double, int64_t>(x, 0);
  int e = 0;
  const double m = std::frexp(x, &e);
  return py2cuda::tuple<double, int64_t>(m, e);
}
inline py2cuda::tuple<double, double> modf(double x) {
  if (std::isinf(x)) return py2cuda::tuple<double, double>(std::copysign(0.0, x), x);
  double whole = 0;
  const double frac = std::modf(x, &whole);
  return py2cuda::tuple<double, double>(frac, whole);
}

inline bool isnan(double x) { return std::isnan(x); }
inline bool isinf(double x) { return std::isinf(x); }
inline bool isfinite(double x) { return std::isfinite(x); }

// math.isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0), as CPython's math_isclose_impl.
inline bool isclose(double a, double b, double rel_tol, double abs_tol) {
  if (rel_tol < 0.0 || abs_tol < 0.0) throw ValueError("tolerances must be non-negative");
  if (a == b) return true;
  if (std::isinf(a) || std::isinf(b)) return false;
  const double diff = std::fabs(b - a);
  return ((diff <= std::fabs(rel_tol * b)) || (diff <= std::fabs(rel_tol * a))) || (diff <= abs_tol);
}

// ---------------------------------------------------------------- integers

[[noreturn]] inline void int64_overflow(const char* what) {
  throw OverflowError(std::string(what) + "() result does not fit in py2cuda's 64-bit host int");
}
inline int64_t checked_multiply(int64_t a, int64_t b, const char* what) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) int64_overflow(what);
  return r;
}

inline int64_t factorial(int64_t n) {
  if (n < 0) throw ValueError("factorial() not defined for negative values");
  int64_t r = 1;
  for (int64_t k = 2; k <= n; ++k) r = checked_multiply(r, k, "factorial");
  return r;
}
inline int64_t gcd(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint64_t y = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  while (y != 0) {
    const uint64_t r = x % y;
    x = y;
    y = r;
  }
  if (x > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) int64_overflow("gcd");
  return static_cast<int64_t>(x);
}
inline int64_t lcm(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  const int64_t g = gcd(a, b);
  int64_t r = checked_multiply(a / g, b, "lcm");
  if (r < 0) {
    if (r == std::numeric_limits<int64_t>::min()) int64_overflow("lcm");
    r = -r;
  }
  return r;
}
// gcd() and lcm() of any number of ints (gcd() is 0, lcm() is 1).
template <class... I>
int64_t gcd_of(I... v) {
  int64_t r = 0;
  ((r = gcd(r, static_cast<int64_t>(v))), ...);
  return r;
}
template <class... I>
int64_t lcm_of(I... v) {
  int64_t r = 1;
  ((r = lcm(r, static_cast<int64_t>(v))), ...);
  return r;
}
inline int64_t isqrt(int64_t n) {
  if (n < 0) throw ValueError("isqrt() argument must be nonnegative");
  int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && r > n / r) --r;                            // r*r > n
  while ((r + 1) <= n / (r + 1)) ++r;                        // (r+1)*(r+1) <= n
  return r;
}
inline int64_t perm(int64_t n, int64_t k) {
  if (n < 0) throw ValueError("n must be a non-negative integer");
  if (k < 0) throw ValueError("k must be a non-negative integer");
  if (k > n) return 0;
  int64_t r = 1;
  for (int64_t i = 0; i < k; ++i) r = checked_multiply(r, n - i, "perm");
  return r;
}
inline int64_t perm(int64_t n) {
  if (n < 0) throw ValueError("factorial() not defined for negative values");
  return factorial(n);
}
inline int64_t comb(int64_t n, int64_t k) {
  if (n < 0) throw ValueError("n must be a non-negative integer");
  if (k < 0) throw ValueError("k must be a non-negative integer");
  if (k > n) return 0;
  if (k > n - k) k = n - k;
  // r = C(n - k + i, i) for i = 1..k, each step exact: r * (n - k + i) is divisible by i.
  __extension__ __int128 r = 1;  // GCC and Clang have it; ISO C++ has no 128-bit integer
  for (int64_t i = 1; i <= k; ++i) {
    r = r * (n - k + i) / i;
    if (r > std::numeric_limits<int64_t>::max()) int64_overflow("comb");
  }
  return static_cast<int64_t>(r);
}

// ---------------------------------------------------------------- iterables

// The elements of a 1-D array or a tuple, in order, as doubles or as they are.
template <class T, class F>
void for_each_element(const NDArray<T, 1>& a, F f) {
  for (int64_t i = 0, n = a.shape()[0]; i < n; ++i) f(a(i));
}
template <class... T, class F>
void for_each_element(const py2cuda::tuple<T...>& t, F f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) { (f(py2cuda::get<I>(t)), ...); }(std::index_sequence_for<T...>{});
}

// math.prod(iterable, start=1): multiplied left to right from `start`, in R (int64 for
// ints, float64 once a float is involved, as Python's * gives).
template <class R, class X, class S>
R prod(const X& xs, S start) {
  R r = static_cast<R>(start);
  for_each_element(xs, [&](auto v) {
    if constexpr (std::is_floating_point_v<R>) r = r * static_cast<R>(v);
    else r = checked_multiply(r, static_cast<int64_t>(v), "prod");
  });
  return r;
}

// math.fsum(iterable): the correctly rounded sum, CPython's math_fsum (Shewchuk's
// partials, then the half-even correction of the last partial).
template <class X>
double fsum(const X& xs) {
  std::vector<double> p;
  double special_sum = 0.0, inf_sum = 0.0;
  for_each_element(xs, [&](auto value) {
    double x = static_cast<double>(value);
    const double xsave = x;
    size_t i = 0;
    for (double y : p) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      const double hi = x + y;
      const double lo = y - (hi - x);
      if (lo != 0.0) p[i++] = lo;
      x = hi;
    }
    p.resize(i);
    if (x != 0.0) {
      if (!std::isfinite(x)) {
        // a nonfinite x could arise either from an infinite or NaN input, or from an
        // intermediate overflow
        if (std::isfinite(xsave)) throw OverflowError("intermediate overflow in fsum");
        if (std::isinf(xsave)) inf_sum += xsave;
        special_sum += xsave;
        p.clear();
      } else {
        p.push_back(x);
      }
    }
  });
  if (special_sum != 0.0) {  // NaN too
    if (std::isnan(inf_sum)) throw ValueError("-inf + inf in fsum");
    return special_sum;
  }
  double hi = 0.0;
  size_t n = p.size();
  if (n > 0) {
    hi = p[--n];
    double lo = 0.0;
    while (n > 0) {
      const double x = hi;
      const double y = p[--n];
      hi = x + y;
      const double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      const double y = lo * 2.0;
      const double x = hi + y;
      const double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return hi;
}

}  // namespace py2cuda::host::pymath
