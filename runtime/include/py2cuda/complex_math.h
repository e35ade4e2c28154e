// py2cuda runtime: Python's cmath functions on complex64 / complex128, with the
// results Numba's CUDA target gives.
//
// The algorithms are those of numba/cuda/cpython/cmathimpl.py, which ports
// CPython's cmathmodule.c (and NumPy's npy_csqrt for sqrt): the same branch
// cuts, signed zeros and inf/NaN special cases. They are written once for
// double; the complex64 versions evaluate in double and round once at the end
// (Numba's own complex64 code already mixes in float64 constants, so it too
// computes much of each function in double; see tests/oracle for tolerances).
#pragma once

#include <cfloat>
#include <cmath>

#include "complex.h"
#include "config.h"
#include "tuple.h"

namespace py2cuda::cmath {

P2C_HD P2C_INLINE bool isnan(complex128 z) { return ::isnan(z.real) || ::isnan(z.imag); }
P2C_HD P2C_INLINE bool isnan(complex64 z) { return ::isnan(z.real) || ::isnan(z.imag); }
P2C_HD P2C_INLINE bool isinf(complex128 z) { return ::isinf(z.real) || ::isinf(z.imag); }
P2C_HD P2C_INLINE bool isinf(complex64 z) { return ::isinf(z.real) || ::isinf(z.imag); }
P2C_HD P2C_INLINE bool isfinite(complex128 z) { return ::isfinite(z.real) && ::isfinite(z.imag); }
P2C_HD P2C_INLINE bool isfinite(complex64 z) { return ::isfinite(z.real) && ::isfinite(z.imag); }

// phase and polar work in the parts' own precision (math.atan2 / math.hypot).
P2C_HD P2C_INLINE double phase(complex128 z) { return atan2(z.imag, z.real); }
P2C_HD P2C_INLINE float phase(complex64 z) { return atan2f(z.imag, z.real); }
P2C_HD P2C_INLINE tuple<double, double> polar(complex128 z) {
  return tuple<double, double>(hypot(z.real, z.imag), atan2(z.imag, z.real));
}
P2C_HD P2C_INLINE tuple<float, float> polar(complex64 z) {
  return tuple<float, float>(hypotf(z.real, z.imag), atan2f(z.imag, z.real));
}

namespace detail {

constexpr double kNan = NAN;
constexpr double kInf = INFINITY;
constexpr double kLn4 = 1.3862943611198906;  // math.log(4)
constexpr double kLn10 = 2.302585092994045684;

P2C_HD inline complex128 exp(complex128 z) {
  double x = z.real, y = z.imag;
  if (::isfinite(x)) {
    if (::isfinite(y)) {
      double r = ::exp(x);
      return {r * ::cos(y), r * ::sin(y)};
    }
    return {kNan, kNan};
  }
  if (::isnan(x)) return y != 0 ? complex128(x, x) : complex128(x, y);
  if (x > 0) {  // +inf
    if (!::isfinite(y)) return {x, kNan};
    double re = ::cos(y), im = ::sin(y);
    // exp(inf + 0j) is inf + 0j, not NaN from 0 * inf
    if (re != 0) re *= x;
    if (im != 0) im *= x;
    return {re, im};
  }
  if (::isfinite(y)) {  // -inf
    double r = ::exp(x);
    return {r * ::cos(y), r * ::sin(y)};
  }
  return {0.0, 0.0};
}

P2C_HD P2C_INLINE complex128 log(complex128 z) { return {::log(::hypot(z.real, z.imag)), ::atan2(z.imag, z.real)}; }

P2C_HD inline complex128 sqrt(complex128 z) {
  // NumPy's npy_csqrt (Algorithm 312, CACM vol 10, Oct 1967), scaled against overflow.
  constexpr double kThreshold = DBL_MAX / (1.0 + 1.414213562373095048801688724209698079e0);
  double a = z.real, b = z.imag;
  if (a == 0 && b == 0) return {::fabs(b), b};
  if (::isinf(b)) return {::fabs(b), b};
  if (::isnan(a)) return {a, a};
  if (::isinf(a)) {
    if (a < 0) return {::fabs(b - b), ::copysign(a, b)};
    return {a, ::copysign(b - b, b)};
  }
  bool scale = ::fabs(a) >= kThreshold || ::fabs(b) >= kThreshold;
  if (scale) {
    a *= 0.25;
    b *= 0.25;
  }
  double re, im;
  if (a >= 0) {
    double t = ::sqrt((a + ::hypot(a, b)) * 0.5);
    re = t;
    im = b / (2 * t);
  } else {
    double t = ::sqrt((-a + ::hypot(a, b)) * 0.5);
    re = ::fabs(b) / (2 * t);
    im = ::copysign(t, b);
  }
  return scale ? complex128(re * 2, im) : complex128(re, im);
}

P2C_HD inline complex128 cosh(complex128 z) {
  double x = z.real, y = z.imag;
  if (::isinf(x)) {
    double re, im;
    if (::isnan(y) || y == 0) {
      re = ::fabs(x);
      im = y;
    } else {
      re = ::copysign(x, ::cos(y));
      im = ::copysign(x, ::sin(y));
    }
    if (x < 0) im = -im;
    return {re, im};
  }
  return {::cos(y) * ::cosh(x), ::sin(y) * ::sinh(x)};
}

P2C_HD inline complex128 sinh(complex128 z) {
  double x = z.real, y = z.imag;
  if (::isinf(x)) {
    if (::isnan(y)) return {x, y};
    double re = ::cos(y), im = ::sin(y);
    if (re != 0) re *= x;
    if (im != 0) im *= ::fabs(x);
    return {re, im};
  }
  return {::cos(y) * ::sinh(x), ::sin(y) * ::cosh(x)};
}

P2C_HD inline complex128 tanh(complex128 z) {
  double x = z.real, y = z.imag;
  if (::isinf(x)) {
    double re = ::copysign(1.0, x);
    double im = ::isinf(y) ? 0.0 : ::copysign(0.0, ::sin(2.0 * y));
    return {re, im};
  }
  // CPython's c_tanh
  double tx = ::tanh(x), ty = ::tan(y), cx = 1.0 / ::cosh(x);
  double txty = tx * ty;
  double denom = 1.0 + txty * txty;
  return {tx * (1.0 + ty * ty) / denom, ((ty / denom) * cx) * cx};
}

// cos(z) = cosh(iz); sin(z) = -i sinh(iz); tan(z) = -i tanh(iz)
P2C_HD P2C_INLINE complex128 cos(complex128 z) { return cosh(complex128(-z.imag, z.real)); }
P2C_HD P2C_INLINE complex128 sin(complex128 z) {
  complex128 r = sinh(complex128(-z.imag, z.real));
  return {r.imag, -r.real};
}
P2C_HD P2C_INLINE complex128 tan(complex128 z) {
  complex128 r = tanh(complex128(-z.imag, z.real));
  return {r.imag, -r.real};
}

// Numba's overflow threshold for the inverse functions is FLT_MAX / 4 for both widths.
constexpr double kLargeThreshold = FLT_MAX / 4.0;

P2C_HD inline complex128 acos(complex128 z) {
  if (::fabs(z.real) > kLargeThreshold || ::fabs(z.imag) > kLargeThreshold) {
    double re = ::atan2(::fabs(z.imag), z.real);
    double im = ::copysign(::log(::hypot(z.real * 0.5, z.imag * 0.5)) + kLn4, -z.imag);
    return {re, im};
  }
  complex128 s1 = sqrt(complex128(1.0 - z.real, -z.imag));
  complex128 s2 = sqrt(complex128(1.0 + z.real, z.imag));
  return {2.0 * ::atan2(s1.real, s2.real), ::asinh(s2.real * s1.imag - s2.imag * s1.real)};
}

P2C_HD inline complex128 acosh(complex128 z) {
  if (::fabs(z.real) > kLargeThreshold || ::fabs(z.imag) > kLargeThreshold) {
    return {::log(::hypot(z.real * 0.5, z.imag * 0.5)) + kLn4, ::atan2(z.imag, z.real)};
  }
  complex128 s1 = sqrt(complex128(z.real - 1.0, z.imag));
  complex128 s2 = sqrt(complex128(z.real + 1.0, z.imag));
  return {::asinh(s1.real * s2.real + s1.imag * s2.imag), 2.0 * ::atan2(s1.imag, s2.real)};
}

P2C_HD inline complex128 asinh(complex128 z) {
  if (::fabs(z.real) > kLargeThreshold || ::fabs(z.imag) > kLargeThreshold) {
    double re = ::copysign(::log(::hypot(z.real * 0.5, z.imag * 0.5)) + kLn4, z.real);
    return {re, ::atan2(z.imag, ::fabs(z.real))};
  }
  complex128 s1 = sqrt(complex128(1.0 + z.imag, -z.real));
  complex128 s2 = sqrt(complex128(1.0 - z.imag, z.real));
  return {::asinh(s1.real * s2.imag - s2.real * s1.imag), ::atan2(z.imag, s1.real * s2.real - s1.imag * s2.imag)};
}

P2C_HD P2C_INLINE complex128 asin(complex128 z) {
  complex128 r = asinh(complex128(-z.imag, z.real));
  return {r.imag, -r.real};
}

P2C_HD inline complex128 atanh(complex128 z) {
  // Numba computes both thresholds from FLT_MAX / FLT_MIN, for either width.
  const double large = ::sqrt(FLT_MAX / 4.0);
  const double small = ::sqrt(static_cast<double>(FLT_MIN));
  const double half_pi = 1.5707963267948966;
  bool negate = z.real < 0;
  if (negate) z = -z;
  double re, im;
  double ay = ::fabs(z.imag);
  if (::isnan(z.real) || z.real > large || ay > large) {
    if (::isinf(z.imag)) re = ::copysign(0.0, z.real);
    else if (::isinf(z.real)) re = 0.0;
    else {
      double h = ::hypot(z.real * 0.5, z.imag * 0.5);
      re = z.real / 4.0 / h / h;
    }
    im = -::copysign(half_pi, -z.imag);
  } else if (z.real == 1.0 && ay < small) {
    // C99: atanh(1 +/- 0j) is inf +/- 0j
    if (ay == 0) {
      re = kInf;
      im = z.imag;
    } else {
      re = -::log(::sqrt(ay) / ::sqrt(::hypot(ay, 2.0)));
      im = ::copysign(::atan2(2.0, -ay) / 2, z.imag);
    }
  } else {
    double sqay = ay * ay;
    double zr1 = 1 - z.real;
    re = ::log1p(4.0 * z.real / (zr1 * zr1 + sqay)) * 0.25;
    im = -::atan2(-2.0 * z.imag, zr1 * (1 + z.real) - sqay) * 0.5;
  }
  if (::isnan(z.imag)) im = kNan;
  return negate ? complex128(-re, -im) : complex128(re, im);
}

P2C_HD inline complex128 atan(complex128 z) {
  complex128 r = atanh(complex128(-z.imag, z.real));
  // Numba's (and CPython's) odd case: atan(inf + nan j)
  if (::isinf(z.real) && ::isnan(z.imag)) return {r.imag, r.real};
  return {r.imag, -r.real};
}

P2C_HD P2C_INLINE complex128 log10(complex128 z) {
  // Dividing the parts rather than by log(10) keeps +/-inf exact (bugs.python.org/issue22544).
  complex128 l = log(z);
  return {l.real / kLn10, l.imag / kLn10};
}

P2C_HD inline complex128 rect(double r, double phi) {
  if (!::isfinite(phi)) {
    if (r == 0) return complex128(::fabs(r), 0.0);  // rect(0, inf or nan) = 0
    if (::isinf(r)) return {r, phi};
  }
  double re = ::cos(phi), im = ::sin(phi);
  // 0 * inf would give NaN: keep the zero, with the sign of the product
  if (re == 0 && ::isinf(r)) re /= r;
  else re *= r;
  if (im == 0 && ::isinf(r)) im /= r;
  else im *= r;
  return {re, im};
}

}  // namespace detail

// One entry point per function and width.
#define P2C_CMATH_UNARY(name)                                                                            \
  P2C_HD P2C_INLINE complex128 name(complex128 z) { return detail::name(z); }                            \
  P2C_HD P2C_INLINE complex64 name(complex64 z) { return complex64(detail::name(complex128(z))); }
P2C_CMATH_UNARY(exp)
P2C_CMATH_UNARY(log)
P2C_CMATH_UNARY(log10)
P2C_CMATH_UNARY(sqrt)
P2C_CMATH_UNARY(sin)
P2C_CMATH_UNARY(cos)
P2C_CMATH_UNARY(tan)
P2C_CMATH_UNARY(asin)
P2C_CMATH_UNARY(acos)
P2C_CMATH_UNARY(atan)
P2C_CMATH_UNARY(sinh)
P2C_CMATH_UNARY(cosh)
P2C_CMATH_UNARY(tanh)
P2C_CMATH_UNARY(asinh)
P2C_CMATH_UNARY(acosh)
P2C_CMATH_UNARY(atanh)
#undef P2C_CMATH_UNARY

// cmath.log(z, base) = log(z) / log(base), with complex division (a base of 1
// divides by zero, which ends the thread as in Numba).
P2C_HD P2C_INLINE complex128 log(complex128 z, complex128 base) { return log(z) / log(base); }
P2C_HD P2C_INLINE complex64 log(complex64 z, complex64 base) { return log(z) / log(base); }

P2C_HD P2C_INLINE complex128 rect(double r, double phi) { return detail::rect(r, phi); }
P2C_HD P2C_INLINE complex64 rect(float r, float phi) { return complex64(detail::rect(r, phi)); }

}  // namespace py2cuda::cmath
