// py2cuda host runtime: a number whose Python/NumPy type is known only at run time.
//
// CPython gives a name the type of its last assignment, so after
//     best = 0.0
//     for v in a:            # a: float32 array
//         if v > best: best = v
// `best` is a Python float when no element is positive and an np.float32 otherwise, and
// print(best) shows "0.0" or "0.7" accordingly. A C++ variable has one type; a
// DynamicNumber is that variable's type where the Python type differs by path: it holds a
// Python bool/int/float or one NumPy scalar (scalar_types.h) together with which one it is,
// and prints, formats and compares as that type does.
//
// Arithmetic follows NumPy 1.26 for scalars (checked against numpy 1.26.4, see
// tests/unit/test_runtime_dynamic_number.cpp): two Python numbers give a Python number
// (bool+bool and int+int an int, anything with a float a float; `/` a float). Otherwise
// a Python bool, int and float take part as np.bool_, np.int64 and np.float64 (NumPy 1.x
// applies value-based casting only between scalars and arrays, not between two scalars:
// np.float32(0.5) + 1.0 is np.float64, np.float32(0.5) + True is np.float32) and the result
// has np.promote_types of the two. `/` of two integers gives float64.
//
// `//` and `%` round toward negative infinity and take the divisor's sign, as Python's and
// NumPy's do; `**` of two Python ints with a negative exponent is a float, as in Python.
// A zero divisor of two Python numbers raises ZeroDivisionError in CPython's words (as
// zero_division.h's py2cuda::python does for static numbers); with a NumPy scalar NumPy's
// result stands (an integer zero divisor gives 0, a float one inf or nan; NumPy's
// RuntimeWarning is not printed). Not modelled: Python ints beyond int64 (they wrap as
// np.int64 does), an np.bool_ negated (NumPy raises TypeError; it gives the Python int
// here) and a NumPy integer to a negative power (NumPy raises ValueError; it gives 0 here).
#pragma once

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "exceptions.h"
#include "format_spec.h"
#include "scalar_repr.h"
#include "scalar_types.h"
#include "support.h"

namespace py2cuda::host {

struct DynamicNumber {
  // bool, int64_t and double are Python's bool, int and float (as in scalar_types.h).
  using Value = std::variant<bool, int64_t, double, np_bool, np_int8, np_int16, np_int32, np_int64, np_uint8,
                             np_uint16, np_uint32, np_uint64, np_float32, np_float64>;
  Value value{int64_t{0}};

  DynamicNumber() = default;
  template <PyBoolLike B>
  DynamicNumber(B b) : value(static_cast<bool>(b)) {}
  template <PyIntLike I>
  DynamicNumber(I x) : value(static_cast<int64_t>(x)) {}
  DynamicNumber(double x) : value(x) {}
  template <class T>
  DynamicNumber(NpScalar<T> x) : value(x) {}
};

namespace dynamic_number_detail {

// A number type as NumPy's promotion sees it: kind 'b', 'i', 'u' or 'f' and its width.
struct Dtype {
  char kind;
  int bits;
};

template <class T>
constexpr Dtype dtype_of() {
  if constexpr (std::is_same_v<T, bool>) return {'b', 8};
  else if constexpr (std::is_floating_point_v<T>) return {'f', static_cast<int>(sizeof(T) * 8)};
  else if constexpr (std::is_signed_v<T>) return {'i', static_cast<int>(sizeof(T) * 8)};
  else return {'u', static_cast<int>(sizeof(T) * 8)};
}

// The C++ value type inside an alternative, and whether it is a Python (not NumPy) number.
template <class T>
struct unwrap {
  using type = T;
  static constexpr bool python = true;
};
template <class T>
struct unwrap<NpScalar<T>> {
  using type = T;
  static constexpr bool python = false;
};

template <class T>
constexpr Dtype dtype_of_alternative() {
  return dtype_of<typename unwrap<T>::type>();
}

// np.promote_types for bool, the integers and float32/float64.
constexpr Dtype promote(Dtype a, Dtype b) {
  if (a.kind == b.kind) return {a.kind, a.bits > b.bits ? a.bits : b.bits};
  if (a.kind == 'b') return b;
  if (b.kind == 'b') return a;
  if (a.kind == 'f' || b.kind == 'f') {
    const Dtype f = a.kind == 'f' ? a : b;
    const Dtype n = a.kind == 'f' ? b : a;
    const int needed = n.bits <= 16 ? 32 : 64;  // float32 holds int16/uint16 exactly, no wider
    return {'f', f.bits > needed ? f.bits : needed};
  }
  const Dtype s = a.kind == 'i' ? a : b;  // one signed, one unsigned
  const Dtype u = a.kind == 'i' ? b : a;
  if (s.bits > u.bits) return s;
  if (u.bits < 64) return {'i', u.bits * 2};
  return {'f', 64};  // int64 with uint64
}

template <class T>
auto number_of(T x) {
  if constexpr (std::is_same_v<T, bool> || std::is_arithmetic_v<T>) return x;
  else return x.value;
}

// Calls f.template operator()<Alternative>() for the NumPy alternative of dtype d.
template <class F>
DynamicNumber with_numpy_type(Dtype d, F&& f) {
  switch (d.kind) {
    case 'b': return f.template operator()<np_bool>();
    case 'f': return d.bits == 32 ? f.template operator()<np_float32>() : f.template operator()<np_float64>();
    case 'i':
      if (d.bits == 8) return f.template operator()<np_int8>();
      if (d.bits == 16) return f.template operator()<np_int16>();
      if (d.bits == 32) return f.template operator()<np_int32>();
      return f.template operator()<np_int64>();
    default:
      if (d.bits == 8) return f.template operator()<np_uint8>();
      if (d.bits == 16) return f.template operator()<np_uint16>();
      if (d.bits == 32) return f.template operator()<np_uint32>();
      return f.template operator()<np_uint64>();
  }
}

// Wrapping integer arithmetic (NumPy's fixed-width ints wrap; signed overflow is UB in C++).
// Wrap false: the operation sees the signed values and wraps by itself (`//`, `%`, `**`).
template <bool Wrap, class R, class Op>
R apply(R a, R b, Op op) {
  if constexpr (Wrap && std::is_integral_v<R> && !std::is_same_v<R, bool>) {
    using U = std::make_unsigned_t<R>;
    return static_cast<R>(op(static_cast<U>(a), static_cast<U>(b)));
  } else {
    return static_cast<R>(op(a, b));
  }
}

// The value converted to C: one instantiation per alternative, not per pair of them.
template <class C>
C value_as(const DynamicNumber& x) {
  return std::visit([](auto a) { return static_cast<C>(number_of(a)); }, x.value);
}
inline Dtype dtype_of_value(const DynamicNumber& x) {
  return std::visit([](auto a) { return dtype_of_alternative<decltype(a)>(); }, x.value);
}
inline bool is_python(const DynamicNumber& x) {
  return std::visit([](auto a) { return unwrap<decltype(a)>::python; }, x.value);
}

// The result type is chosen from the two dtypes at run time and the operation instantiated
// once per result type (a visit of both operands together would instantiate it for every
// pair of the 14 alternatives, which makes translated programs slow to compile).
template <bool Wrap = true, class Op>
DynamicNumber arithmetic(const DynamicNumber& x, const DynamicNumber& y, Op op, bool true_division) {
  const Dtype dx = dtype_of_value(x);
  const Dtype dy = dtype_of_value(y);
  if (is_python(x) && is_python(y)) {
    const bool any_float = dx.kind == 'f' || dy.kind == 'f';
    if (any_float || true_division) return op(value_as<double>(x), value_as<double>(y));
    return apply<Wrap, int64_t>(value_as<int64_t>(x), value_as<int64_t>(y), op);
  }
  Dtype d = promote(dx, dy);
  if (true_division && d.kind != 'f') d = {'f', 64};
  return with_numpy_type(d, [&]<class R>() -> DynamicNumber {
    using C = typename unwrap<R>::type;
    if constexpr (std::is_same_v<C, bool>) {
      // np.bool_ + np.bool_ is logical or, * is and; - raises in NumPy.
      return R{static_cast<bool>(op(static_cast<int>(value_as<bool>(x)), static_cast<int>(value_as<bool>(y))))};
    } else {
      return R{apply<Wrap, C>(value_as<C>(x), value_as<C>(y), op)};
    }
  });
}

// Python's (and NumPy's) floor division and modulo of one type: the quotient rounds toward
// negative infinity, the remainder takes the divisor's sign. A zero divisor gives 0 for
// integers (NumPy's result, which warns) and IEEE's inf/nan for floats.
template <class T>
T floor_divide(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    // CPython's float_floor_div: from fmod, so that x == q * y + r holds as closely as it can.
    if (y == 0) return x / y;
    T mod = std::fmod(x, y);
    T div = (x - mod) / y;
    if (mod != 0 && ((y < 0) != (mod < 0))) div -= 1;
    if (div == 0) return std::copysign(T(0), x / y);
    T floor = std::floor(div);
    if (div - floor > T(0.5)) floor += 1;
    return floor;
  } else {
    if (y == 0) return T(0);
    if constexpr (std::is_signed_v<T>) {
      if (y == -1) return static_cast<T>(T(0) - static_cast<std::make_unsigned_t<T>>(x));  // wraps at the minimum
      T q = x / y;
      if (x % y != 0 && ((x < 0) != (y < 0))) --q;
      return q;
    } else {
      return x / y;
    }
  }
}
template <class T>
T modulo(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    if (y == 0) return std::fmod(x, y);
    T mod = std::fmod(x, y);
    if (mod != 0) {
      if ((y < 0) != (mod < 0)) mod += y;
    } else {
      mod = std::copysign(T(0), y);
    }
    return mod;
  } else {
    if (y == 0) return T(0);
    if constexpr (std::is_signed_v<T>) {
      if (y == -1) return T(0);
      T r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      return r;
    } else {
      return x % y;
    }
  }
}
// x ** y in one type: C's pow for floats, repeated squaring (wrapping) for integers.
template <class T>
T power(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(std::pow(x, y));
  } else {
    if constexpr (std::is_signed_v<T>) {
      if (y < 0) return T(0);
    }
    using U = std::make_unsigned_t<T>;
    U result = 1, base = static_cast<U>(x);
    for (U e = static_cast<U>(y); e; e >>= 1) {
      if (e & 1) result = static_cast<U>(result * base);
      base = static_cast<U>(base * base);
    }
    return static_cast<T>(result);
  }
}

// A Python int or bool (not a NumPy scalar, not a float).
inline bool is_python_integer(const DynamicNumber& x) {
  return std::holds_alternative<bool>(x.value) || std::holds_alternative<int64_t>(x.value);
}

// The value as long double: exact for every int64/uint64 and double on the hosts we build
// for (x86-64's 64-bit mantissa), so comparing a Python int with a Python float is exact as
// CPython's is.
inline long double wide(const DynamicNumber& x) {
  return std::visit([](auto a) { return static_cast<long double>(number_of(a)); }, x.value);
}

// -1, 0 or 1 as x is below, equal to or above y; 2 where a NaN makes them unordered. A
// NumPy scalar compares in the promoted type, as NumPy does (np.float32(0.7) == 0.7 is
// False; np.int64(2**53 + 1) > float(2**53) is False, the int rounded to float64 first).
inline int compare(const DynamicNumber& x, const DynamicNumber& y) {
  auto order = [](auto p, auto q) { return p < q ? -1 : q < p ? 1 : p == q ? 0 : 2; };
  if (is_python(x) && is_python(y)) return order(wide(x), wide(y));
  int result = 0;
  with_numpy_type(promote(dtype_of_value(x), dtype_of_value(y)), [&]<class R>() -> DynamicNumber {
    using C = typename unwrap<R>::type;
    result = order(value_as<C>(x), value_as<C>(y));
    return {};
  });
  return result;
}

}  // namespace dynamic_number_detail

// ---- printing ---------------------------------------------------------------------------

inline std::string str(const DynamicNumber& x) {
  return std::visit([](auto a) { return str(a); }, x.value);
}
inline std::string repr(const DynamicNumber& x) {
  return std::visit([](auto a) { return repr(a); }, x.value);
}
// f-strings and format(): an empty spec of an np.float32 gives float's text of its double
// (f"{np.float32(0.7)}" is 0.699999988079071), as format(NpScalar) does.
inline std::string format(const DynamicNumber& x, std::string_view spec) {
  return std::visit([&](auto a) { return format(a, spec); }, x.value);
}

// The Python type's name, as type(x).__name__ spells it.
inline std::string type_name(const DynamicNumber& x) {
  return std::visit(
      [](auto a) -> std::string {
        using A = decltype(a);
        if constexpr (std::is_same_v<A, bool>) return "bool";
        else if constexpr (std::is_same_v<A, int64_t>) return "int";
        else if constexpr (std::is_same_v<A, double>) return "float";
        else if constexpr (std::is_same_v<A, np_bool>) return "bool_";
        else return std::string(numpy_type_name<typename dynamic_number_detail::unwrap<A>::type>());
      },
      x.value);
}

// An array's extent given as a number whose type is known at run time (np.zeros(d["n"] * 2)):
// an integer; a float is NumPy's TypeError.
inline int64_t shape_extent(const DynamicNumber& x) {
  return std::visit(
      [&](auto a) -> int64_t {
        using A = typename dynamic_number_detail::unwrap<decltype(a)>::type;
        if constexpr (std::is_floating_point_v<A>) {
          throw PyException("TypeError", "expected a sequence of integers or a single integer, got '" + repr(x) + "'");
        } else {
          if constexpr (dynamic_number_detail::unwrap<decltype(a)>::python) {
            return static_cast<int64_t>(a);
          } else {
            return static_cast<int64_t>(a.value);
          }
        }
      },
      x.value);
}

// str(type(x)): `<class 'float'>`, `<class 'numpy.float32'>`.
inline std::string class_text(const DynamicNumber& x) {
  return std::string("<class '") + (dynamic_number_detail::is_python(x) ? "" : "numpy.") + type_name(x) + "'>";
}

inline double to_double(const DynamicNumber& x) {
  return std::visit([](auto a) { return static_cast<double>(dynamic_number_detail::number_of(a)); }, x.value);
}
inline bool truthy(const DynamicNumber& x) { return dynamic_number_detail::wide(x) != 0; }

// ---- arithmetic and comparison (a static number converts to DynamicNumber) -------------

inline DynamicNumber operator+(const DynamicNumber& a, const DynamicNumber& b) {
  return dynamic_number_detail::arithmetic(a, b, [](auto x, auto y) { return x + y; }, false);
}
inline DynamicNumber operator-(const DynamicNumber& a, const DynamicNumber& b) {
  return dynamic_number_detail::arithmetic(a, b, [](auto x, auto y) { return x - y; }, false);
}
inline DynamicNumber operator*(const DynamicNumber& a, const DynamicNumber& b) {
  return dynamic_number_detail::arithmetic(a, b, [](auto x, auto y) { return x * y; }, false);
}
namespace dynamic_number_detail {
// CPython's ZeroDivisionError where both operands are Python numbers and the divisor is zero;
// `int_message` where both are ints (or bools), `float_message` where either is a float.
inline void raise_if_python_zero(const DynamicNumber& a, const DynamicNumber& b, const char* int_message,
                                 const char* float_message) {
  if (!is_python(a) || !is_python(b) || wide(b) != 0) return;
  throw ZeroDivisionError(is_python_integer(a) && is_python_integer(b) ? int_message : float_message);
}
}  // namespace dynamic_number_detail

inline DynamicNumber operator/(const DynamicNumber& a, const DynamicNumber& b) {
  dynamic_number_detail::raise_if_python_zero(a, b, "division by zero", "float division by zero");
  return dynamic_number_detail::arithmetic(a, b, [](auto x, auto y) { return x / y; }, true);
}

inline DynamicNumber dynamic_floordiv(const DynamicNumber& a, const DynamicNumber& b) {
  dynamic_number_detail::raise_if_python_zero(a, b, "integer division or modulo by zero", "float floor division by zero");
  return dynamic_number_detail::arithmetic<false>(
      a, b, [](auto x, auto y) { return dynamic_number_detail::floor_divide(x, y); }, false);
}
inline DynamicNumber dynamic_mod(const DynamicNumber& a, const DynamicNumber& b) {
  dynamic_number_detail::raise_if_python_zero(a, b, "integer modulo by zero", "float modulo");
  return dynamic_number_detail::arithmetic<false>(
      a, b, [](auto x, auto y) { return dynamic_number_detail::modulo(x, y); }, false);
}
inline DynamicNumber dynamic_pow(const DynamicNumber& a, const DynamicNumber& b) {
  using dynamic_number_detail::is_python;
  using dynamic_number_detail::wide;
  // CPython: zero to a negative power raises, for ints and floats alike.
  if (is_python(a) && is_python(b) && wide(a) == 0 && wide(b) < 0) {
    throw ZeroDivisionError("0.0 cannot be raised to a negative power");
  }
  // A Python int to a negative Python int is a float (2 ** -1 is 0.5).
  if (dynamic_number_detail::is_python_integer(a) && dynamic_number_detail::is_python_integer(b) && wide(b) < 0) {
    return std::pow(to_double(a), to_double(b));
  }
  return dynamic_number_detail::arithmetic<false>(
      a, b, [](auto x, auto y) { return dynamic_number_detail::power(x, y); }, false);
}
// -x keeps x's type (a Python bool negates to an int, as in Python).
inline DynamicNumber operator-(const DynamicNumber& a) {
  return std::visit(
      [](auto x) -> DynamicNumber {
        using A = decltype(x);
        if constexpr (std::is_same_v<A, bool> || std::is_same_v<A, np_bool>) {
          return -static_cast<int64_t>(dynamic_number_detail::number_of(x));
        } else if constexpr (std::is_same_v<A, int64_t>) {
          return static_cast<int64_t>(uint64_t{0} - static_cast<uint64_t>(x));
        } else if constexpr (std::is_same_v<A, double>) {
          return -x;
        } else {
          using C = typename dynamic_number_detail::unwrap<A>::type;
          if constexpr (std::is_integral_v<C>) {
            using U = std::make_unsigned_t<C>;
            return A{static_cast<C>(static_cast<U>(U{0} - static_cast<U>(x.value)))};
          } else {
            return A{-x.value};
          }
        }
      },
      a.value);
}

// A static value entering a DynamicNumber, tagged by its C++ type as host code spells
// Python's and NumPy's types (scalar_types.h): double a Python float, int64_t a Python int,
// bool a Python bool, float an np.float32, every other integer its NumPy type.
template <class T>
DynamicNumber to_dynamic(T x) {
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, double> || std::is_same_v<T, int64_t>) {
    return DynamicNumber(x);
  } else {
    return DynamicNumber(NpScalar<T>{x});
  }
}
// The value converted to a static type, where one is needed (an index, a kernel argument,
// an array element): C++'s conversion of the number.
template <class T>
T from_dynamic(const DynamicNumber& x) {
  return std::visit([](auto a) { return static_cast<T>(dynamic_number_detail::number_of(a)); }, x.value);
}

inline bool operator==(const DynamicNumber& a, const DynamicNumber& b) {
  return dynamic_number_detail::compare(a, b) == 0;
}
inline bool operator!=(const DynamicNumber& a, const DynamicNumber& b) { return !(a == b); }
inline bool operator<(const DynamicNumber& a, const DynamicNumber& b) {
  return dynamic_number_detail::compare(a, b) == -1;
}
inline bool operator>(const DynamicNumber& a, const DynamicNumber& b) {
  return dynamic_number_detail::compare(a, b) == 1;
}
inline bool operator<=(const DynamicNumber& a, const DynamicNumber& b) {
  const int c = dynamic_number_detail::compare(a, b);
  return c == -1 || c == 0;
}
inline bool operator>=(const DynamicNumber& a, const DynamicNumber& b) {
  const int c = dynamic_number_detail::compare(a, b);
  return c == 1 || c == 0;
}

// Python's max/min return the first argument unless the other is strictly greater/less
// (max(0.0, np.float32(0.0)) is the float 0.0), keeping that argument's type.
inline DynamicNumber py_max(const DynamicNumber& a, const DynamicNumber& b) { return b > a ? b : a; }
inline DynamicNumber py_min(const DynamicNumber& a, const DynamicNumber& b) { return b < a ? b : a; }

// abs(x) keeps x's type (a Python bool gives an int, as in Python; np.bool_ stays one).
inline DynamicNumber py_abs(const DynamicNumber& a) {
  return std::visit(
      [&](auto x) -> DynamicNumber {
        using A = decltype(x);
        const auto v = dynamic_number_detail::number_of(x);
        if constexpr (std::is_same_v<A, bool>) return static_cast<int64_t>(v);
        else if constexpr (std::is_same_v<A, np_bool>) return a;
        else if constexpr (std::is_floating_point_v<decltype(v)>) return A{std::fabs(v)};
        else if constexpr (std::is_unsigned_v<decltype(v)>) return a;
        else return v < 0 ? -a : a;
      },
      a.value);
}

// round(x): a Python int whatever x holds (halves to even; ValueError/OverflowError for NaN
// and infinities, as CPython's).
inline int64_t py_round(const DynamicNumber& x) {
  return std::visit(
      [](auto a) -> int64_t {
        const auto v = dynamic_number_detail::number_of(a);
        if constexpr (std::is_floating_point_v<decltype(v)>) {
          return checked_float_to_int(std::nearbyint(static_cast<double>(v)), static_cast<double>(v));
        } else {
          return static_cast<int64_t>(v);
        }
      },
      x.value);
}

// round(x, n) keeps x's type (a Python bool gives an int): floats round to n decimals
// (round_digits); integers are unchanged for n >= 0 and round to tens, hundreds... halves to
// even for n < 0, as CPython's int.__round__ does.
inline DynamicNumber round_digits(const DynamicNumber& x, int64_t n) {
  return std::visit(
      [n](auto a) -> DynamicNumber {
        using A = decltype(a);
        using C = typename dynamic_number_detail::unwrap<A>::type;
        if constexpr (std::is_floating_point_v<C>) {
          return A{round_digits(static_cast<C>(dynamic_number_detail::number_of(a)), n)};
        } else if constexpr (std::is_same_v<C, bool>) {
          return static_cast<int64_t>(dynamic_number_detail::number_of(a) && n >= 0);
        } else {
          if (n >= 0) return a;
          if (n < -18) return A{C(0)};
          int64_t scale = 1;
          for (int64_t k = 0; k < -n; ++k) scale *= 10;
          const int64_t v = static_cast<int64_t>(dynamic_number_detail::number_of(a));
          int64_t q = dynamic_number_detail::floor_divide(v, scale), r = v - q * scale;
          if (2 * r > scale || (2 * r == scale && q % 2 != 0)) ++q;
          return A{static_cast<C>(q * scale)};
        }
      },
      x.value);
}

// isinstance(x, (int, float, bool)), the classes by name: np.float64 is a float (a subclass of
// Python's float), a Python bool an int; no other NumPy scalar is an int, float or bool.
inline bool isinstance(const DynamicNumber& x, std::initializer_list<std::string_view> classes) {
  const bool is_float = std::holds_alternative<double>(x.value) || std::holds_alternative<np_float64>(x.value);
  const bool is_bool = std::holds_alternative<bool>(x.value);
  for (std::string_view c : classes) {
    if ((c == "int" && dynamic_number_detail::is_python_integer(x)) || (c == "float" && is_float) ||
        (c == "bool" && is_bool)) {
      return true;
    }
  }
  return false;
}

// Whether Numba types the number x holds as T (Python int: int64, float: float64, bool:
// boolean; a NumPy scalar: its own type): the kernel specialisation a launch with x selects.
template <class T>
bool numba_type_is(const DynamicNumber& x) {
  const auto d = dynamic_number_detail::dtype_of_value(x);
  const auto want = dynamic_number_detail::dtype_of<T>();
  return d.kind == want.kind && d.bits == want.bits;
}

}  // namespace py2cuda::host
