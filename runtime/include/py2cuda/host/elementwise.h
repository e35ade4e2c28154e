// py2cuda host runtime: NumPy ufuncs over NDArrays and scalars, with broadcasting.
//
// The translator applies NumPy's type promotion (it knows every dtype statically) and
// names the loop type: add<double>(a, b) is np.add's float64 loop. As in NumPy, each
// operand is first converted to that type (cast_value) and the scalar operation runs
// there, so int8 + int8 -> int8 wraps, and int / int -> true_divide<double>. For
// comparisons and logical ufuncs the template argument is the type compared in and the
// result is bool. Operands are NDArrays of any rank or plain numbers (a number is a
// shape-() operand); the result is a new C-contiguous array of the broadcast shape.
//
// Exactness: + - * / //, %, power of integers, sqrt, floor/ceil/trunc/rint, the
// min/max family, comparisons and bit operations are bit-exact with NumPy. So are sin,
// cos, exp and log, which reproduce NumPy's own SIMD loops where NumPy runs them
// (numpy_simd_math.h). The other transcendental functions call the C library; NumPy 1.26
// uses Intel's SVML for several of them on AVX-512 machines, which may differ in the
// last bit.
//
// map<R>(f, operands...) (and map1/map2) is the loop underneath: it applies any scalar
// function f to the raw elements, which lets the translator lower other scalar code.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "broadcast.h"
#include "cast.h"
#include "exceptions.h"
#include "ndarray.h"
#include "numpy_simd_math.h"
#include "views.h"

namespace py2cuda::host {

namespace detail {
// map's loop over arrays of the broadcast rank M.
template <class R, int M, class F, class... X>
NDArray<R, M> map_arrays(F f, const X&... operands) {
  const Shape<M> shape = detail::broadcast_shape<M>(operands...);
  NDArray<R, M> result(shape);
  R* out = result.data();
  detail::broadcast_loop<M>(
      shape, result.strides(),
      [out, &f](int64_t o, detail::OperandElement<X>... v) { out[o] = static_cast<R>(f(v...)); },
      detail::strided_operand<M>(operands, shape)...);
  return result;
}
}  // namespace detail

// f applied elementwise over the broadcast operands; R is the result's element type.
// With numbers only, the result is the number f gives, as a NumPy ufunc of scalars
// returns a scalar (never a 0-d array).
template <class R, class F, class... X>
auto map(F f, const X&... operands) {
  constexpr int M = detail::max_rank<X...>();
  if constexpr (M == 0) {
    return static_cast<R>(f(operands...));
  } else {
    return detail::map_arrays<R, M>(f, operands...);
  }
}
template <class R, class X, class F>
auto map1(const X& a, F f) {
  return map<R>(f, a);
}
template <class R, class X, class Y, class F>
auto map2(const X& a, const Y& b, F f) {
  return map<R>(f, a, b);
}

// The scalar operations of the ufunc loops, on two values of the loop type T.
namespace scalar {

// Integer arithmetic wraps modulo 2^bits as NumPy's C loops do (no undefined overflow):
// computed in an unsigned type at least as wide as `unsigned`.
template <class T>
using WrapType = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <class T>
inline constexpr bool is_int = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <class T>
T add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (is_int<T>) return static_cast<T>(static_cast<WrapType<T>>(static_cast<WrapType<T>>(a) + static_cast<WrapType<T>>(b)));
  else return a + b;
}
template <class T>
T subtract(T a, T b) {
  if constexpr (is_int<T>) return static_cast<T>(static_cast<WrapType<T>>(static_cast<WrapType<T>>(a) - static_cast<WrapType<T>>(b)));
  else return a - b;
}
template <class T>
T multiply(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (is_int<T>) return static_cast<T>(static_cast<WrapType<T>>(static_cast<WrapType<T>>(a) * static_cast<WrapType<T>>(b)));
  else return a * b;
}
template <class T>
T negative(T a) {
  if constexpr (is_int<T>) return static_cast<T>(static_cast<WrapType<T>>(WrapType<T>(0) - static_cast<WrapType<T>>(a)));
  else return -a;
}
template <class T>
T absolute(T a) {
  if constexpr (std::is_floating_point_v<T>) return std::fabs(a);
  else if constexpr (std::is_signed_v<T>) return a < 0 ? negative(a) : a;  // abs(INT_MIN) stays INT_MIN
  else return a;
}

// Python's floor division. Integers: x // 0 is 0 (NumPy warns "divide by zero") and
// MIN // -1 is MIN (overflow, wrapped). Floats: NumPy's npy_divmod, which derives the
// quotient from fmod so that it agrees with the remainder.
template <class T>
T floor_divide(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (b == 0) return a / b;
    const T mod = std::fmod(a, b);
    T div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= T(1);
    if (div == 0) return std::copysign(T(0), a / b);
    T floor_div = std::floor(div);
    if (div - floor_div > T(0.5)) floor_div += T(1);
    return floor_div;
  } else if constexpr (std::is_same_v<T, bool>) {
    return b ? a : false;
  } else {
    if (b == 0) return 0;
    if constexpr (std::is_signed_v<T>) {
      if (b == -1) return negative(a);
      T q = static_cast<T>(a / b);
      if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
      return q;
    } else {
      return static_cast<T>(a / b);
    }
  }
}

// Python's modulo: the result takes the divisor's sign. x % 0 is 0 for integers
// (NumPy warns) and fmod's NaN for floats.
template <class T>
T remainder(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    T mod = std::fmod(a, b);
    if (b == 0) return mod;
    if (mod != 0) {
      if ((b < 0) != (mod < 0)) mod += b;
    } else {
      mod = std::copysign(T(0), b);
    }
    return mod;
  } else if constexpr (std::is_same_v<T, bool>) {
    return false;
  } else {
    if (b == 0) return 0;
    if constexpr (std::is_signed_v<T>) {
      if (b == -1) return 0;
      T r = static_cast<T>(a % b);
      if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
      return r;
    } else {
      return static_cast<T>(a % b);
    }
  }
}

template <class T>
T true_divide(T a, T b) {
  return a / b;
}

// np.power's loop: integers by squaring (wrapping); floats as NumPy's loop computes them
// on this CPU (float64: SVML's pow on AVX-512 SKX, the C library's pow elsewhere;
// numpy_simd_math.h).
template <class T>
T power(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return numpy_simd::power(a, b);
  } else if constexpr (std::is_same_v<T, bool>) {
    return a || !b;
  } else {
    if constexpr (std::is_signed_v<T>) {
      if (b < 0) throw PyException("ValueError", "Integers to negative integer powers are not allowed.");
    }
    T result = 1;
    while (b != 0) {
      if (b & 1) result = multiply(result, a);
      a = multiply(a, a);
      b = static_cast<T>(b >> 1);
    }
    return result;
  }
}

// np.maximum / np.minimum propagate NaN; between equal values (0.0 and -0.0) NumPy 1.26
// returns the second operand, and so does this.
template <class T>
T maximum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return a;
  }
  return a > b ? a : b;
}
template <class T>
T minimum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return a;
  }
  return a < b ? a : b;
}
// np.fmax / np.fmin ignore a NaN when the other operand is a number (and, like
// maximum/minimum, give the second operand between equal values).
template <class T>
T fmax(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(b)) return a;
    if (std::isnan(a)) return b;
  }
  return a > b ? a : b;
}
template <class T>
T fmin(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(b)) return a;
    if (std::isnan(a)) return b;
  }
  return a < b ? a : b;
}

// np.clip(x, lo, hi) = minimum(maximum(x, lo), hi): NaN in any of them gives NaN.
template <class T>
T clip(T x, T lo, T hi) {
  return minimum(maximum(x, lo), hi);
}

// Shifts by the bit width or more (or negative) give 0, or -1 for a negative x >> n.
template <class T>
T left_shift(T a, T b) {
  constexpr uint64_t bits = sizeof(T) * 8;
  if (static_cast<uint64_t>(b) >= bits) return 0;
  return static_cast<T>(static_cast<WrapType<T>>(a) << static_cast<int>(b));
}
template <class T>
T right_shift(T a, T b) {
  constexpr uint64_t bits = sizeof(T) * 8;
  if (static_cast<uint64_t>(b) >= bits) return (std::is_signed_v<T> && a < 0) ? T(-1) : T(0);
  return static_cast<T>(a >> static_cast<int>(b));
}

// ~x: for bool, logical not.
template <class T>
T invert(T a) {
  if constexpr (std::is_same_v<T, bool>) return !a;
  else return static_cast<T>(~a);
}

// np.sign: -1, 0 or 1 in the input's type; NaN stays NaN.
template <class T>
T sign(T a) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return a;
  }
  if constexpr (std::is_signed_v<T>) return a > T(0) ? T(1) : (a < T(0) ? T(-1) : T(0));
  else return a > T(0) ? T(1) : T(0);
}

// np.reciprocal: 1/x; integers divide as C does (1/0 is NumPy's undefined value; 0 here).
template <class T>
T reciprocal(T a) {
  if constexpr (std::is_floating_point_v<T>) return T(1) / a;
  else return a == T(0) ? T(0) : static_cast<T>(T(1) / a);
}

// np.fmod: C's fmod, the result takes the dividend's sign; integers x % 0 give 0.
template <class T>
T fmod(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return std::fmod(a, b);
  else if constexpr (std::is_same_v<T, bool>) return false;
  else {
    if (b == 0) return 0;
    if constexpr (std::is_signed_v<T>) {
      if (b == -1) return 0;
    }
    return static_cast<T>(a % b);
  }
}

// np.logaddexp(x, y) = log(exp(x) + exp(y)) and np.logaddexp2, as NumPy's npy_logaddexp.
template <class T>
T logaddexp(T x, T y) {
  if (x == y) return x + std::log(T(2));  // infinities of one sign
  const T d = x - y;
  if (d > 0) return x + std::log1p(std::exp(-d));
  if (d <= 0) return y + std::log1p(std::exp(d));
  return d;  // NaN
}
template <class T>
T logaddexp2(T x, T y) {
  const T log2e = T(1.442695040888963407359924681001892137);
  if (x == y) return x + T(1);
  const T d = x - y;
  if (d > 0) return x + std::log1p(std::exp2(-d)) * log2e;
  if (d <= 0) return y + std::log1p(std::exp2(d)) * log2e;
  return d;
}

// np.heaviside(x, h0): 0 below 0, h0 at 0, 1 above; NaN stays NaN.
template <class T>
T heaviside(T x, T h0) {
  if (std::isnan(x)) return x;
  if (x == 0) return h0;
  return x < 0 ? T(0) : T(1);
}

// np.gcd / np.lcm of integers: non-negative results.
template <class T>
T gcd(T a, T b) {
  using U = std::make_unsigned_t<T>;
  U x = a < 0 ? static_cast<U>(U(0) - static_cast<U>(a)) : static_cast<U>(a);
  U y = b < 0 ? static_cast<U>(U(0) - static_cast<U>(b)) : static_cast<U>(b);
  while (y != 0) {
    const U r = static_cast<U>(x % y);
    x = y;
    y = r;
  }
  return static_cast<T>(x);
}
template <class T>
T lcm(T a, T b) {
  const T g = gcd(a, b);
  if (g == 0) return 0;
  const T r = static_cast<T>(multiply(static_cast<T>(a / g), b));
  return r < 0 ? negative(r) : r;
}

// np.deg2rad / np.rad2deg, as NumPy's loops compute them: the factor divided in T
// (npy_rad2degf is x * (180.0f / NPY_PIf)).
template <class T>
T deg2rad(T x) {
  return x * (static_cast<T>(3.14159265358979323846264338327950288) / T(180));
}
template <class T>
T rad2deg(T x) {
  return x * (T(180) / static_cast<T>(3.14159265358979323846264338327950288));
}

}  // namespace scalar

namespace detail {

// A default loop type for two operands where the translator gives none (comparisons,
// in-place operations), following NumPy 1.x statically: two arrays promote like C++'s
// common type (except int64 with uint64, which NumPy makes float64: pass the type
// explicitly there); an array with a number keeps the array's type unless the number is
// of a higher kind (a float with an integer array: float64; an integer with a bool
// array: int64). NumPy 1.x also widens an integer array for a number outside its range
// (int8 array + 1000); that depends on the value, so it is the translator's to decide.
template <class E, class S>
using ScalarLoopType = std::conditional_t<
    std::is_floating_point_v<S> && !std::is_floating_point_v<E>, double,
    std::conditional_t<std::is_same_v<E, bool> && !std::is_same_v<S, bool>, int64_t, E>>;
template <class X, class Y, class EX = OperandElement<X>, class EY = OperandElement<Y>>
using DefaultLoopType = std::conditional_t<
    operand_rank<Y> == 0, ScalarLoopType<EX, EY>,
    std::conditional_t<operand_rank<X> == 0, ScalarLoopType<EY, EX>, std::common_type_t<EX, EY>>>;

}  // namespace detail

// Binary ufuncs whose result has the loop type R: name<R>(a, b).
#define P2C_HOST_BINARY_UFUNC(NAME, EXPR)                                              \
  template <class R, class X, class Y>                                                  \
  auto NAME(const X& a, const Y& b) {                                                   \
    return map<R>([](auto x_, auto y_) {                                                \
      const R x = cast_value<R>(x_), y = cast_value<R>(y_);                              \
      return EXPR;                                                                      \
    }, a, b);                                                                           \
  }
P2C_HOST_BINARY_UFUNC(add, scalar::add(x, y))
P2C_HOST_BINARY_UFUNC(subtract, scalar::subtract(x, y))
P2C_HOST_BINARY_UFUNC(multiply, scalar::multiply(x, y))
P2C_HOST_BINARY_UFUNC(true_divide, x / y)
P2C_HOST_BINARY_UFUNC(divide, x / y)
P2C_HOST_BINARY_UFUNC(floor_divide, scalar::floor_divide(x, y))
P2C_HOST_BINARY_UFUNC(remainder, scalar::remainder(x, y))
P2C_HOST_BINARY_UFUNC(mod, scalar::remainder(x, y))
P2C_HOST_BINARY_UFUNC(power, scalar::power(x, y))
P2C_HOST_BINARY_UFUNC(maximum, scalar::maximum(x, y))
P2C_HOST_BINARY_UFUNC(minimum, scalar::minimum(x, y))
P2C_HOST_BINARY_UFUNC(fmax, scalar::fmax(x, y))
P2C_HOST_BINARY_UFUNC(fmin, scalar::fmin(x, y))
P2C_HOST_BINARY_UFUNC(arctan2, std::atan2(x, y))
P2C_HOST_BINARY_UFUNC(hypot, std::hypot(x, y))
P2C_HOST_BINARY_UFUNC(bitwise_and, static_cast<R>(x & y))
P2C_HOST_BINARY_UFUNC(bitwise_or, static_cast<R>(x | y))
P2C_HOST_BINARY_UFUNC(bitwise_xor, static_cast<R>(x ^ y))
P2C_HOST_BINARY_UFUNC(left_shift, scalar::left_shift(x, y))
P2C_HOST_BINARY_UFUNC(right_shift, scalar::right_shift(x, y))
P2C_HOST_BINARY_UFUNC(fmod, scalar::fmod(x, y))
P2C_HOST_BINARY_UFUNC(copysign, std::copysign(x, y))
P2C_HOST_BINARY_UFUNC(nextafter, std::nextafter(x, y))
P2C_HOST_BINARY_UFUNC(logaddexp, scalar::logaddexp(x, y))
P2C_HOST_BINARY_UFUNC(logaddexp2, scalar::logaddexp2(x, y))
P2C_HOST_BINARY_UFUNC(heaviside, scalar::heaviside(x, y))
P2C_HOST_BINARY_UFUNC(gcd, scalar::gcd(x, y))
P2C_HOST_BINARY_UFUNC(lcm, scalar::lcm(x, y))
#undef P2C_HOST_BINARY_UFUNC

// Comparisons: compared in C (by default detail::DefaultLoopType), the result is bool.
#define P2C_HOST_PREDICATE_UFUNC(NAME, EXPR)                                           \
  template <class C = void, class X, class Y>                                           \
  auto NAME(const X& a, const Y& b) {                                                   \
    using Calc = std::conditional_t<std::is_void_v<C>, detail::DefaultLoopType<X, Y>, C>; \
    return map<bool>([](auto x_, auto y_) {                                             \
      const Calc x = cast_value<Calc>(x_), y = cast_value<Calc>(y_);                     \
      return static_cast<bool>(EXPR);                                                   \
    }, a, b);                                                                           \
  }
P2C_HOST_PREDICATE_UFUNC(less, x < y)
P2C_HOST_PREDICATE_UFUNC(less_equal, x <= y)
P2C_HOST_PREDICATE_UFUNC(greater, x > y)
P2C_HOST_PREDICATE_UFUNC(greater_equal, x >= y)
P2C_HOST_PREDICATE_UFUNC(equal, x == y)
P2C_HOST_PREDICATE_UFUNC(not_equal, x != y)
#undef P2C_HOST_PREDICATE_UFUNC

template <class C = void, class X, class Y>
auto logical_and(const X& a, const Y& b) {
  return map<bool>([](auto x, auto y) { return cast_value<bool>(x) && cast_value<bool>(y); }, a, b);
}
template <class C = void, class X, class Y>
auto logical_or(const X& a, const Y& b) {
  return map<bool>([](auto x, auto y) { return cast_value<bool>(x) || cast_value<bool>(y); }, a, b);
}
template <class C = void, class X, class Y>
auto logical_xor(const X& a, const Y& b) {
  return map<bool>([](auto x, auto y) { return cast_value<bool>(x) != cast_value<bool>(y); }, a, b);
}
template <class C = void, class X>
auto logical_not(const X& a) {
  return map<bool>([](auto x) { return !cast_value<bool>(x); }, a);
}

// Unary ufuncs computed in R: name<R>(a).
#define P2C_HOST_UNARY_UFUNC(NAME, EXPR)                                               \
  template <class R, class X>                                                           \
  auto NAME(const X& a) {                                                               \
    return map<R>([](auto x_) {                                                         \
      const R x = cast_value<R>(x_);                                                    \
      return EXPR;                                                                      \
    }, a);                                                                              \
  }
P2C_HOST_UNARY_UFUNC(negative, scalar::negative(x))
P2C_HOST_UNARY_UFUNC(absolute, scalar::absolute(x))
P2C_HOST_UNARY_UFUNC(sqrt, std::sqrt(x))
P2C_HOST_UNARY_UFUNC(exp, numpy_simd::exp(x))
P2C_HOST_UNARY_UFUNC(log, numpy_simd::log(x))
P2C_HOST_UNARY_UFUNC(log10, numpy_simd::log10(x))
P2C_HOST_UNARY_UFUNC(sin, numpy_simd::sin(x))
P2C_HOST_UNARY_UFUNC(cos, numpy_simd::cos(x))
P2C_HOST_UNARY_UFUNC(tan, std::tan(x))
P2C_HOST_UNARY_UFUNC(floor, std::floor(x))
P2C_HOST_UNARY_UFUNC(ceil, std::ceil(x))
P2C_HOST_UNARY_UFUNC(trunc, std::trunc(x))
P2C_HOST_UNARY_UFUNC(rint, std::nearbyint(x))  // round half to even in the default mode
P2C_HOST_UNARY_UFUNC(square, scalar::multiply(x, x))
P2C_HOST_UNARY_UFUNC(invert, scalar::invert(x))
P2C_HOST_UNARY_UFUNC(positive, x)
P2C_HOST_UNARY_UFUNC(sign, scalar::sign(x))
P2C_HOST_UNARY_UFUNC(reciprocal, scalar::reciprocal(x))
P2C_HOST_UNARY_UFUNC(fabs, std::fabs(x))
P2C_HOST_UNARY_UFUNC(exp2, std::exp2(x))
P2C_HOST_UNARY_UFUNC(expm1, std::expm1(x))
P2C_HOST_UNARY_UFUNC(log2, std::log2(x))
P2C_HOST_UNARY_UFUNC(log1p, std::log1p(x))
P2C_HOST_UNARY_UFUNC(cbrt, std::cbrt(x))
P2C_HOST_UNARY_UFUNC(arcsin, std::asin(x))
P2C_HOST_UNARY_UFUNC(arccos, std::acos(x))
P2C_HOST_UNARY_UFUNC(arctan, std::atan(x))
P2C_HOST_UNARY_UFUNC(sinh, std::sinh(x))
P2C_HOST_UNARY_UFUNC(cosh, std::cosh(x))
P2C_HOST_UNARY_UFUNC(tanh, std::tanh(x))
P2C_HOST_UNARY_UFUNC(arcsinh, std::asinh(x))
P2C_HOST_UNARY_UFUNC(arccosh, std::acosh(x))
P2C_HOST_UNARY_UFUNC(arctanh, std::atanh(x))
P2C_HOST_UNARY_UFUNC(deg2rad, scalar::deg2rad(x))
P2C_HOST_UNARY_UFUNC(rad2deg, scalar::rad2deg(x))
#undef P2C_HOST_UNARY_UFUNC

// ndarray.__pow__'s shortcut (NumPy 1.26's fast_scalar_power): a float array raised to a
// scalar 2, 0.5, -1, 1 or 0 is square, sqrt, reciprocal, a copy or ones, never the power
// ufunc, and an integer array raised to 2 is square. The shortcut and the ufunc differ:
// SVML's pow(x, 2.0) is not x * x in the last bit for about one x in five.
enum class PowerShortcut : unsigned char { none, square, sqrt, reciprocal, copy, ones };

inline PowerShortcut power_shortcut(double exponent, bool float_array) {
  if (exponent == 2.0) return PowerShortcut::square;
  if (!float_array) return PowerShortcut::none;
  if (exponent == 0.5) return PowerShortcut::sqrt;
  if (exponent == -1.0) return PowerShortcut::reciprocal;
  if (exponent == 1.0) return PowerShortcut::copy;
  if (exponent == 0.0) return PowerShortcut::ones;
  return PowerShortcut::none;
}

// a ** b where a or b is an array, computed in R.
template <class R, class X, class Y>
auto array_power(const X& a, const Y& b) {
  if constexpr (detail::operand_rank<X> > 0 && detail::operand_rank<Y> == 0) {
    const bool float_array = std::is_floating_point_v<detail::OperandElement<X>>;
    switch (power_shortcut(cast_value<double>(b), float_array)) {
      case PowerShortcut::square: return square<R>(a);
      case PowerShortcut::sqrt: return sqrt<R>(a);
      case PowerShortcut::reciprocal: return reciprocal<R>(a);
      case PowerShortcut::copy: return positive<R>(a);
      case PowerShortcut::ones: return map<R>([](auto) { return R(1); }, a);
      case PowerShortcut::none: break;
    }
  }
  return power<R>(a, b);
}

// np.isnan / np.isinf / np.isfinite.
template <class X>
auto isnan(const X& a) {
  return map<bool>([](auto x) { if constexpr (std::is_floating_point_v<decltype(x)>) return std::isnan(x); else return false; }, a);
}
template <class X>
auto isinf(const X& a) {
  return map<bool>([](auto x) { if constexpr (std::is_floating_point_v<decltype(x)>) return std::isinf(x); else return false; }, a);
}
template <class X>
auto isfinite(const X& a) {
  return map<bool>([](auto x) { if constexpr (std::is_floating_point_v<decltype(x)>) return std::isfinite(x); else return true; }, a);
}
template <class X>
auto signbit(const X& a) {
  return map<bool>([](auto x) { if constexpr (std::is_floating_point_v<decltype(x)>) return std::signbit(x); else return x < decltype(x)(0); }, a);
}

// np.round / np.around / a.round(decimals), NumPy's algorithm (PyArray_Round): floats
// are scaled by 10**|decimals|, rounded half to even and scaled back, each step in the
// loop type C (the element type for arrays; float64 for a scalar, which NumPy rounds as
// a 0-d array beside a Python float); integers keep their values unless decimals < 0,
// when they are rounded the same way in float64 and converted back.
template <class R, class C, class X>
auto round(const X& a, int64_t decimals) {
  if constexpr (std::is_integral_v<R>) {
    if (decimals >= 0) return map<R>([](auto x) { return x; }, a);
  }
  const double f = std::pow(10.0, static_cast<double>(decimals >= 0 ? decimals : -decimals));
  // Each step's result is stored as NumPy's output array holds it: in R for floats, in
  // float64 for integers (converted to R at the end).
  using Stored = std::conditional_t<std::is_integral_v<R>, double, R>;
  return map<R>([decimals, f](auto x) {
    const C fc = static_cast<C>(f);
    Stored y = static_cast<Stored>(decimals >= 0 ? static_cast<C>(x) * fc : static_cast<C>(x) / fc);
    y = std::nearbyint(y);
    return static_cast<R>(static_cast<Stored>(decimals >= 0 ? static_cast<C>(y) / fc : static_cast<C>(y) * fc));
  }, a);
}

// np.where(cond, a, b): a's element where cond is true, else b's, converted to R.
template <class R, class Cond, class X, class Y>
auto where(const Cond& cond, const X& a, const Y& b) {
  return map<R>([](auto c, auto x, auto y) { return cast_value<bool>(c) ? cast_value<R>(x) : cast_value<R>(y); },
                cond, a, b);
}

// np.clip(a, lo, hi) in R.
template <class R, class X, class Lo, class Hi>
auto clip(const X& a, const Lo& lo, const Hi& hi) {
  return map<R>([](auto x, auto l, auto h) { return scalar::clip(cast_value<R>(x), cast_value<R>(l), cast_value<R>(h)); },
                a, lo, hi);
}

namespace detail {
// `a op= b`: the result has a's shape (NumPy: "non-broadcastable output operand ...").
template <class T, int N, class M>
void store_in_place(const NDArray<T, N>& a, const M& result) {
  if constexpr (M::ndim != N) {
    static_assert(M::ndim == N, "in-place operation: the other operand has more dimensions");
  } else if (result.shape() != a.shape()) {
    throw PyException("ValueError", "non-broadcastable output operand with shape " + shape_repr(a.shape()) +
                                        " doesn't match the broadcast shape " + shape_repr(result.shape()));
  }
  assign(a, result);  // the loop result is cast to a's type (NumPy's casting='same_kind' store)
}
}  // namespace detail

// A ufunc's `out=`: the result stored into `out` (of the same shape, cast as NumPy's
// same_kind store); the call's value is `out` itself.
template <class T, int N, class M>
NDArray<T, N> store_out(const NDArray<T, N>& out, const M& result) {
  detail::store_in_place(out, result);
  return out;
}

// In-place forms (`a += b` ...): computed in C, stored into a with a cast. The default
// C is detail::DefaultLoopType: float32 += float64 array computes in float64 and rounds,
// float32 += 0.1 computes in float32, as NumPy 1.x does. (An integer array += a float is
// NumPy's UFuncTypeError, which the translator reports; here it would truncate.)
#define P2C_HOST_INPLACE_UFUNC(NAME, UFUNC)                                             \
  template <class C = void, class T, int N, class Y>                                    \
  void NAME(const NDArray<T, N>& a, const Y& b) {                                        \
    using Loop = std::conditional_t<std::is_void_v<C>, detail::DefaultLoopType<NDArray<T, N>, Y>, C>; \
    detail::store_in_place(a, UFUNC<Loop>(a, b));                                        \
  }
P2C_HOST_INPLACE_UFUNC(iadd, add)
P2C_HOST_INPLACE_UFUNC(isubtract, subtract)
P2C_HOST_INPLACE_UFUNC(imultiply, multiply)
P2C_HOST_INPLACE_UFUNC(itrue_divide, true_divide)
P2C_HOST_INPLACE_UFUNC(ifloor_divide, floor_divide)
P2C_HOST_INPLACE_UFUNC(iremainder, remainder)
P2C_HOST_INPLACE_UFUNC(ipower, array_power)
P2C_HOST_INPLACE_UFUNC(ibitwise_and, bitwise_and)
P2C_HOST_INPLACE_UFUNC(ibitwise_or, bitwise_or)
P2C_HOST_INPLACE_UFUNC(ibitwise_xor, bitwise_xor)
P2C_HOST_INPLACE_UFUNC(ileft_shift, left_shift)
P2C_HOST_INPLACE_UFUNC(iright_shift, right_shift)
#undef P2C_HOST_INPLACE_UFUNC

}  // namespace py2cuda::host
