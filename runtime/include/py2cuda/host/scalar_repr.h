// py2cuda host runtime: repr() and str() of Python and NumPy scalars.
//
// Python float: repr(x) == str(x) is CPython's 'r' mode: the shortest digits
// that round-trip, positional when the decimal point position decpt (value =
// 0.DIGITS x 10^decpt) satisfies -4 < decpt <= 16, i.e. 1e-4 <= |x| < 1e16,
// else D.DDDe+XX with at least two exponent digits; integral positional
// values get ".0".
//
// NumPy 1.26 float scalars (scalartypes.c, float_str_either): positional with
// Dragon4 shortest digits *of the scalar's own type* when x == 0 or
// 1e-4 <= |x| < 1e16, the test done in double; else scientific. For float64
// this is the same text as Python's repr for every value (same thresholds,
// both shortest-round-trip, ties to the nearer digit string), so
// str(np_float64) simply reuses it. For float32 the digits are float32's
// shortest (str(np.float32(0.1)) == "0.1") and the thresholds compare the
// float32 value widened to double, so np.float32(1e-4), which is just below
// 1e-4, prints "1e-04"; large float32 values print their shortest digits
// padded with zeros ("9999999000000000.0"). repr equals str in NumPy 1.26.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "float_digits.h"
#include "scalar_types.h"
#include "unicode.h"

namespace py2cuda::host {

namespace detail {

// Shared layout of Python repr and NumPy str for a finite value: positional
// with at least one fraction digit, or scientific without a bare point.
template <class F>
std::string shortest_text(F x, bool positional_form) {
  const bool neg = std::signbit(x);
  Decimal d = shortest(neg ? -x : x);
  std::string body;
  if (positional_form) {
    body = positional(d);
    if (body.back() == '.') body += '0';
  } else {
    body = scientific_text(d, false);
  }
  return neg ? "-" + body : body;
}

inline std::string nonfinite_text(double x) {
  if (std::isnan(x)) return "nan";
  return x < 0 ? "-inf" : "inf";
}

template <class F>
std::string numpy_float_str(F x) {
  if (!std::isfinite(x)) return nonfinite_text(static_cast<double>(x));
  const double a = std::fabs(static_cast<double>(x));
  return shortest_text(x, a == 0 || (1.e-4 <= a && a < 1.e16));
}

}  // namespace detail

// ---- Python float -------------------------------------------------------

inline std::string repr(double x) {
  if (!std::isfinite(x)) return detail::nonfinite_text(x);
  const double a = std::fabs(x);
  if (a == 0) return std::signbit(x) ? "-0.0" : "0.0";
  const detail::Decimal d = detail::shortest(a);
  return detail::shortest_text(x, d.decpt > -4 && d.decpt <= 16);
}
inline std::string str(double x) { return repr(x); }

// ---- Python int and bool ---------------------------------------------------

template <PyIntLike I>
std::string repr(I x) {
  return std::to_string(x);
}
template <PyIntLike I>
std::string str(I x) {
  return std::to_string(x);
}

template <PyBoolLike B>
std::string repr(B b) {
  return b ? "True" : "False";
}
template <PyBoolLike B>
std::string str(B b) {
  return b ? "True" : "False";
}

// A lone char is neither a Python int nor a str; without these it would
// convert to double and print as "97.0". Pass a string (or an int) instead.
std::string repr(char) = delete;
std::string str(char) = delete;

// ---- Python str ----------------------------------------------------------

// CPython's unicode_repr: single quotes unless the text has a ' and no ";
// escapes \\, the quote, \t \n \r, other non-printables as \xHH, \uHHHH or
// \UHHHHHHHH (lowercase hex); printable non-ASCII is kept as is.
inline std::string repr(std::string_view s) {
  const bool has_single = s.find('\'') != std::string_view::npos;
  const bool has_double = s.find('"') != std::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  static const char hex[] = "0123456789abcdef";
  std::string out(1, quote);
  for (size_t i = 0; i < s.size();) {
    const char32_t c = detail::next_code_point(s, i);
    if (c == static_cast<char32_t>(quote) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (detail::is_printable(c)) {
      detail::append_utf8(out, c);
    } else {
      const int ndigits = c < 0x100 ? 2 : c < 0x10000 ? 4 : 8;
      out += ndigits == 2 ? "\\x" : ndigits == 4 ? "\\u" : "\\U";
      for (int k = ndigits - 1; k >= 0; --k) out += hex[(c >> (4 * k)) & 0xF];
    }
  }
  out += quote;
  return out;
}
inline std::string repr(const std::string& s) { return repr(std::string_view(s)); }
inline std::string repr(const char* s) { return repr(std::string_view(s)); }
inline std::string str(std::string_view s) { return std::string(s); }
inline std::string str(const std::string& s) { return s; }
inline std::string str(const char* s) { return s; }

// ---- NumPy scalars (NumPy 1.26: repr == str) --------------------------------

template <class T>
std::string str(NpScalar<T> x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x.value ? "True" : "False";
  } else if constexpr (std::is_floating_point_v<T>) {
    return detail::numpy_float_str(x.value);
  } else {
    return std::to_string(x.value);
  }
}
template <class T>
std::string repr(NpScalar<T> x) {
  return str(x);
}

}  // namespace py2cuda::host
