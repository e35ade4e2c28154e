// py2cuda host runtime: Python's builtins of numbers that host code calls: divmod(),
// three-argument pow(), chr(), ord(), hex(), bin() and oct(), with CPython's results and
// messages (floor division's signs, ZeroDivisionError, ValueError).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

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

// pow(base, exp, mod) of ints: the result has mod's sign; a negative exponent takes the
// modular inverse (Python 3.8+).
inline int64_t pow_mod(int64_t base, int64_t exp, int64_t mod) {
  if (mod == 0) throw ValueError("pow() 3rd argument cannot be 0");
  const bool negative_mod = mod < 0;
  const unsigned __int128 m = static_cast<unsigned __int128>(negative_mod ? -static_cast<__int128>(mod) : mod);
  auto reduce = [m](__int128 v) {
    __int128 r = v % static_cast<__int128>(m);
    return static_cast<unsigned __int128>(r < 0 ? r + static_cast<__int128>(m) : r);
  };
  unsigned __int128 b = reduce(base);
  if (exp < 0) {
    // The inverse of b modulo m by the extended Euclidean algorithm.
    __int128 t = 0, new_t = 1, r = static_cast<__int128>(m), new_r = static_cast<__int128>(b);
    while (new_r != 0) {
      __int128 q = r / new_r;
      __int128 tmp = t - q * new_t;
      t = new_t, new_t = tmp;
      tmp = r - q * new_r;
      r = new_r, new_r = tmp;
    }
    if (r != 1) throw ValueError("base is not invertible for the given modulus");
    b = reduce(t);
    exp = -exp;
  }
  unsigned __int128 result = m == 1 ? 0 : 1;
  for (uint64_t e = static_cast<uint64_t>(exp); e; e >>= 1) {
    if (e & 1) result = result * b % m;
    b = b * b % m;
  }
  int64_t r = static_cast<int64_t>(result);
  return negative_mod && r != 0 ? r - static_cast<int64_t>(m) : r;
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
  unsigned __int128 mag = negative ? static_cast<unsigned __int128>(-static_cast<__int128>(v)) : static_cast<unsigned __int128>(v);
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

}  // namespace py2cuda::host
