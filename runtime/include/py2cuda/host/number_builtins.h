// py2cuda host runtime: Python's builtins of numbers that host code calls: divmod(),
// three-argument pow(), chr(), ord(), hex(), bin() and oct(), with CPython's results and
// messages (floor division's signs, ZeroDivisionError, ValueError).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "../tuple.h"
#include "exceptions.h"
#include "unicode.h"

namespace py2cuda::host {

// divmod(a, b) of ints: (a // b, a % b), the remainder taking the divisor's sign.
inline py2cuda::tuple<int64_t, int64_t> divmod(int64_t a, int64_t b) {
  if (b == 0) throw ZeroDivisionError("integer division or modulo by zero");
  if (b == -1) return {static_cast<int64_t>(0 - static_cast<uint64_t>(a)), 0};  // INT64_MIN // -1 wraps, as Numba's does
  int64_t q = a / b, r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) {
    q -= 1;
    r += b;
  }
  return {q, r};
}

// divmod(x, y) of floats: CPython's float_divmod, signs of zeros included.
inline py2cuda::tuple<double, double> divmod(double x, double y) {
  if (y == 0.0) throw ZeroDivisionError("float divmod()");
  double mod = std::fmod(x, y);
  double div = (x - mod) / y;
  if (mod != 0.0) {
    if ((y < 0) != (mod < 0)) {
      mod += y;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, y);
  }
  double floordiv;
  if (div != 0.0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, x / y);
  }
  return {floordiv, mod};
}

namespace detail {
// a * b mod m for a, b < m < 2^63, by doubling and adding (no 128-bit products).
inline uint64_t mul_mod(uint64_t a, uint64_t b, uint64_t m) {
  uint64_t r = 0;
  for (a %= m; b; b >>= 1) {
    if (b & 1) r = r >= m - a ? r - (m - a) : r + a;
    a = a >= m - a ? a - (m - a) : a + a;
  }
  return r;
}
}  // namespace detail

// pow(base, exp, mod) of ints: the result has mod's sign; a negative exponent takes the
// modular inverse (Python 3.8+).
inline int64_t pow_mod(int64_t base, int64_t exp, int64_t mod) {
  if (mod == 0) throw ValueError("pow() 3rd argument cannot be 0");
  const bool negative_mod = mod < 0;
  const uint64_t m = negative_mod ? 0 - static_cast<uint64_t>(mod) : static_cast<uint64_t>(mod);
  auto reduce = [m](int64_t v) {
    const uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    const uint64_t r = mag % m;
    return v < 0 && r != 0 ? m - r : r;
  };
  uint64_t b = reduce(base);
  uint64_t e = static_cast<uint64_t>(exp);
  if (exp < 0) {
    // The inverse of b modulo m by the extended Euclidean algorithm (|t| stays below m).
    int64_t t = 0, new_t = 1;
    uint64_t r = m, new_r = b;
    while (new_r != 0) {
      const uint64_t q = r / new_r;
      const int64_t next_t = t - static_cast<int64_t>(q) * new_t;
      t = new_t, new_t = next_t;
      const uint64_t next_r = r - q * new_r;
      r = new_r, new_r = next_r;
    }
    if (r != 1) throw ValueError("base is not invertible for the given modulus");
    b = reduce(t);
    e = 0 - static_cast<uint64_t>(exp);
  }
  uint64_t result = m == 1 ? 0 : 1;
  for (; e; e >>= 1) {
    if (e & 1) result = detail::mul_mod(result, b, m);
    b = detail::mul_mod(b, b, m);
  }
  return negative_mod && result != 0 ? static_cast<int64_t>(result - m) : static_cast<int64_t>(result);
}

// chr(i): the one-character string of code point i.
inline std::string chr(int64_t i) {
  if (i < 0 || i > 0x10FFFF) throw ValueError("chr() arg not in range(0x110000)");
  std::string out;
  detail::append_utf8(out, static_cast<char32_t>(i));
  return out;
}

// ord(c): the code point of a one-character string.
inline int64_t ord(const std::string& s) {
  size_t i = 0;
  if (s.empty() || (detail::next_code_point(s, i), i != s.size())) {
    throw TypeError("ord() expected a character, but string of length " + std::to_string(detail::code_point_count(s)) +
                    " found");
  }
  i = 0;
  return static_cast<int64_t>(detail::next_code_point(s, i));
}

namespace detail {
// hex/oct/bin: sign, prefix, then the magnitude's digits in base 2^bits.
template <class I>
std::string int_in_base(I v, int bits, const char* prefix) {
  const bool negative = v < 0;
  uint64_t mag = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string digits;
  const unsigned mask = (1u << bits) - 1;
  do {
    digits.insert(digits.begin(), "0123456789abcdef"[static_cast<unsigned>(mag) & mask]);
    mag >>= bits;
  } while (mag);
  return (negative ? "-" : "") + std::string(prefix) + digits;
}
}  // namespace detail

template <class I>
std::string hex(I v) {
  return detail::int_in_base(v, 4, "0x");
}
template <class I>
std::string oct(I v) {
  return detail::int_in_base(v, 3, "0o");
}
template <class I>
std::string bin(I v) {
  return detail::int_in_base(v, 1, "0b");
}

// any(t), all(t) of a tuple (or list display) of numbers and strings: Python's truth of each.
namespace detail {
template <class T>
bool python_truth(const T& v) {
  if constexpr (std::is_same_v<T, std::string>) return !v.empty();
  else return v != T(0);
}
}  // namespace detail
template <class... T>
bool py_any(const py2cuda::tuple<T...>& t) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (detail::python_truth(py2cuda::get<I>(t)) || ...);
  }(std::index_sequence_for<T...>{});
}
template <class... T>
bool py_all(const py2cuda::tuple<T...>& t) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (detail::python_truth(py2cuda::get<I>(t)) && ...);
  }(std::index_sequence_for<T...>{});
}

}  // namespace py2cuda::host
