// py2cuda runtime: complex64 / complex128 values, as Numba lowers them.
//
// Two floats or two doubles, real part first: the layout of NumPy's complex64
// ('<c8') and complex128 ('<c16'), so arrays pass through unchanged. Not
// <cuda/std/complex>: that header costs seconds of nvcc time per file, and its
// operators (C99 Annex G multiplication and division) do not give Numba's
// results. The arithmetic here is Numba's (numba/cuda/cpython/numbers.py):
// textbook multiplication, CPython's _Py_c_quot division, IEEE comparisons.
#pragma once

#include <cmath>
#include <math.h>
#include <type_traits>

#include "config.h"
#include "kernel_error.h"
#include "thread_exit.h"

namespace py2cuda {

namespace detail {
P2C_HD P2C_INLINE float part_fabs(float x) { return fabsf(x); }
P2C_HD P2C_INLINE double part_fabs(double x) { return fabs(x); }
}  // namespace detail

template <class F>
struct Complex {
  static_assert(std::is_same_v<F, float> || std::is_same_v<F, double>, "complex parts are float or double");
  F real;
  F imag;

  // Trivial, as CUDA requires of __shared__ arrays; `complex128 z{}` is zero.
  Complex() = default;
  P2C_HD constexpr Complex(F re, F im) : real(re), imag(im) {}
  // A real number (int, float or bool) as a complex with a zero imaginary part.
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  P2C_HD constexpr explicit Complex(T re) : real(static_cast<F>(re)), imag(0) {}
  // complex64 <-> complex128, part by part.
  template <class G, class = std::enable_if_t<!std::is_same_v<F, G>>>
  P2C_HD constexpr explicit Complex(Complex<G> z) : real(static_cast<F>(z.real)), imag(static_cast<F>(z.imag)) {}

  // Python's truth value: true unless both parts are zero (NaN counts as true).
  P2C_HD constexpr explicit operator bool() const { return real != 0 || imag != 0; }

  P2C_HD constexpr Complex conjugate() const { return {real, -imag}; }
};

using complex64 = Complex<float>;
using complex128 = Complex<double>;

template <class F>
P2C_HD P2C_INLINE constexpr Complex<F> operator+(Complex<F> a) {
  return a;
}
template <class F>
P2C_HD P2C_INLINE constexpr Complex<F> operator-(Complex<F> a) {
  return {-a.real, -a.imag};
}
template <class F>
P2C_HD P2C_INLINE constexpr Complex<F> operator+(Complex<F> a, Complex<F> b) {
  return {a.real + b.real, a.imag + b.imag};
}
template <class F>
P2C_HD P2C_INLINE constexpr Complex<F> operator-(Complex<F> a, Complex<F> b) {
  return {a.real - b.real, a.imag - b.imag};
}
// (a+bi)(c+di) = (ac-bd) + (ad+bc)i, without Annex G's inf/NaN recovery.
template <class F>
P2C_HD P2C_INLINE constexpr Complex<F> operator*(Complex<F> a, Complex<F> b) {
  return {a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
}

// CPython's algorithm: scale by the larger part of the divisor. A zero divisor
// raises ZeroDivisionError in Numba, which on CUDA ends the thread.
template <class F>
P2C_HD inline Complex<F> operator/(Complex<F> a, Complex<F> b) {
  if (b.real == 0 && b.imag == 0) thread_exit();
  const F nan = static_cast<F>(NAN);
  if (detail::part_fabs(b.real) >= detail::part_fabs(b.imag)) {
    if (b.real == 0) return {nan, nan};  // only reached when b.imag is NaN
    F ratio = b.imag / b.real;
    F denom = b.real + b.imag * ratio;
    return {(a.real + a.imag * ratio) / denom, (a.imag - a.real * ratio) / denom};
  }
  if (b.imag == 0) return {nan, nan};  // b.real is NaN
  F ratio = b.real / b.imag;
  F denom = b.real * ratio + b.imag;
  return {(a.real * ratio + a.imag) / denom, (a.imag * ratio - a.real) / denom};
}

// a / b in a kernel built with debug=True: Numba reports the ZeroDivisionError with the
// kernel's location instead of ending the thread silently.
template <class F>
P2C_DEVICE inline Complex<F> divide_checked(Complex<F> a, Complex<F> b, const char* where) {
  if (b.real == 0 && b.imag == 0) raise_error(where, "ZeroDivisionError: complex division by zero");
  return a / b;
}

template <class F>
P2C_HD P2C_INLINE constexpr bool operator==(Complex<F> a, Complex<F> b) {
  return a.real == b.real && a.imag == b.imag;
}
template <class F>
P2C_HD P2C_INLINE constexpr bool operator!=(Complex<F> a, Complex<F> b) {
  return a.real != b.real || a.imag != b.imag;
}

template <class F>
P2C_HD P2C_INLINE Complex<F>& operator+=(Complex<F>& a, Complex<F> b) {
  return a = a + b;
}
template <class F>
P2C_HD P2C_INLINE Complex<F>& operator-=(Complex<F>& a, Complex<F> b) {
  return a = a - b;
}
template <class F>
P2C_HD P2C_INLINE Complex<F>& operator*=(Complex<F>& a, Complex<F> b) {
  return a = a * b;
}
template <class F>
P2C_HD P2C_INLINE Complex<F>& operator/=(Complex<F>& a, Complex<F> b) {
  return a = a / b;
}

// a ** b and pow(a, b) of complex numbers in a kernel: numba-cuda's cpow_internal
// (numba/cuda/mathimpl.py, a port of CPython's _Py_c_pow without its integer-exponent
// case), in the parts' precision (math.hypot/pow/atan2/exp/log/cos/sin of float32 are the
// f-suffixed functions), ending in its complex operations: len * (cos + sin * 1j).
namespace detail {
P2C_HD P2C_INLINE float cpow_hypot(float x, float y) { return hypotf(x, y); }
P2C_HD P2C_INLINE double cpow_hypot(double x, double y) { return hypot(x, y); }
P2C_HD P2C_INLINE float cpow_pow(float x, float y) { return powf(x, y); }
P2C_HD P2C_INLINE double cpow_pow(double x, double y) { return pow(x, y); }
P2C_HD P2C_INLINE float cpow_atan2(float y, float x) { return atan2f(y, x); }
P2C_HD P2C_INLINE double cpow_atan2(double y, double x) { return atan2(y, x); }
P2C_HD P2C_INLINE float cpow_exp(float x) { return expf(x); }
P2C_HD P2C_INLINE double cpow_exp(double x) { return exp(x); }
P2C_HD P2C_INLINE float cpow_log(float x) { return logf(x); }
P2C_HD P2C_INLINE double cpow_log(double x) { return log(x); }
P2C_HD P2C_INLINE float cpow_cos(float x) { return cosf(x); }
P2C_HD P2C_INLINE double cpow_cos(double x) { return cos(x); }
P2C_HD P2C_INLINE float cpow_sin(float x) { return sinf(x); }
P2C_HD P2C_INLINE double cpow_sin(double x) { return sin(x); }
}  // namespace detail

template <class F>
P2C_HD inline Complex<F> cpow(Complex<F> a, Complex<F> b) {
  if (b.real == F(0) && b.imag == F(0)) return Complex<F>(F(1)) + Complex<F>(F(0), F(0));
  if (a.real == F(0) && b.real == F(0)) return Complex<F>(F(0)) + Complex<F>(F(0), F(0));
  F vabs = detail::cpow_hypot(a.real, a.imag);
  F len = detail::cpow_pow(vabs, b.real);
  F at = detail::cpow_atan2(a.imag, a.real);
  F phase = at * b.real;
  if (b.imag != F(0)) {
    len /= detail::cpow_exp(at * b.imag);
    phase += b.imag * detail::cpow_log(vabs);
  }
  return Complex<F>(len) *
         (Complex<F>(detail::cpow_cos(phase)) + Complex<F>(detail::cpow_sin(phase)) * Complex<F>(F(0), F(1)));
}

// abs(z): hypot of the parts, in the parts' precision.
P2C_HD P2C_INLINE float abs(complex64 z) { return hypotf(z.real, z.imag); }
P2C_HD P2C_INLINE double abs(complex128 z) { return hypot(z.real, z.imag); }

}  // namespace py2cuda
