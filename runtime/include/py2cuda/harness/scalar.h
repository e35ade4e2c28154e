// py2cuda runtime: scalar kernel arguments of a harness, read from the command line.
//
// parse_scalar<T>(text, param) reads a literal for a parameter of C++ type T, the
// translation of its Numba type (int64 -> int64_t, float32 -> float, bool -> bool):
//
//   integers   decimal, 0x hex, 0o octal or 0b binary, with an optional sign, as
//              Python writes them: 42, -7, 0xff. A value outside T's range is an
//              error, never wrapped.
//   floats     what Python's float() reads: 1.5, -2e-3, 7, inf, -inf, nan. The text
//              is rounded to float64 first, then (for float32) to float32, as when
//              Numba passes a Python float to a float32 parameter. A magnitude beyond
//              T's largest finite value is an error; one too small for it rounds to
//              zero or a subnormal, as in Python.
//   bool       True, False, 1 or 0 (true and false too).
//   complex    what Python's complex() reads: 1.5+2j, (1.5-2e-3j), -2j, 3, inf+nanj. Each
//              part is read as a float of the part type (float32 for complex64).
//
// Every error is a UsageError naming the parameter and the type it expects.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "../npy.h"
#include "command_line.h"

namespace py2cuda::harness {

namespace detail {

// "argument 'n' expects int32, but '3.5' ": the start of every message here.
template <class T>
std::string scalar_error_prefix(std::string_view text, std::string_view param) {
  return "argument '" + std::string(param) + "' expects " + std::string(npy_dtype<T>().name) + ", but '" +
         std::string(text) + "' ";
}

struct IntLiteral {
  bool negative = false;
  uint64_t magnitude = 0;
  bool too_large = false;  // the magnitude does not fit in 64 bits
};

// A Python integer literal, [+-](digits | 0x.. | 0o.. | 0b..); false if malformed.
inline bool parse_int_literal(std::string_view text, IntLiteral& out) {
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    out.negative = text[0] == '-';
    text.remove_prefix(1);
  }
  int base = 10;
  if (text.size() > 2 && text[0] == '0') {
    const char prefix = static_cast<char>(text[1] | 0x20);  // lower case
    base = prefix == 'x' ? 16 : prefix == 'o' ? 8 : prefix == 'b' ? 2 : 10;
    if (base != 10) text.remove_prefix(2);
  }
  if (text.empty() || text[0] == '+' || text[0] == '-') return false;  // from_chars would take a '-'
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out.magnitude, base);
  if (ptr != text.data() + text.size() || ec == std::errc::invalid_argument) return false;
  out.too_large = ec == std::errc::result_out_of_range;
  return true;
}

template <class T>
T parse_int_scalar(std::string_view text, std::string_view param) {
  IntLiteral literal;
  if (!parse_int_literal(text, literal)) throw UsageError(scalar_error_prefix<T>(text, param) + "is not an integer");
  using Limits = std::numeric_limits<T>;
  // The largest magnitude T can hold with this sign.
  uint64_t largest = static_cast<uint64_t>(Limits::max());
  if (literal.negative) largest = std::is_signed_v<T> ? largest + 1 : 0;
  if (literal.too_large || literal.magnitude > largest) {
    throw UsageError(scalar_error_prefix<T>(text, param) + "is out of its range [" + std::to_string(Limits::min()) +
                     ", " + std::to_string(Limits::max()) + "]");
  }
  // Conversion to a signed type is modular in C++20, so the most negative value works too.
  return literal.negative ? static_cast<T>(uint64_t{0} - literal.magnitude) : static_cast<T>(literal.magnitude);
}

// Named: the parameter's own type, for messages (float16 is parsed as double first).
template <class T, class Named = T>
T parse_float_scalar(std::string_view text, std::string_view param) {
  std::string_view digits = text;
  // Python's float() takes a leading '+'; from_chars does not.
  if (digits.size() > 1 && digits[0] == '+' && digits[1] != '-' && digits[1] != '+') digits.remove_prefix(1);
  double value = 0.0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ptr != digits.data() + digits.size() || ec == std::errc::invalid_argument) {
    throw UsageError(scalar_error_prefix<Named>(text, param) + "is not a number");
  }
  if (ec == std::errc::result_out_of_range) {
    // from_chars does not say which way: strtod does (the text is known to be a
    // plain decimal number, so the locale cannot matter).
    value = std::strtod(std::string(digits).c_str(), nullptr);
  }
  const T rounded = static_cast<T>(value);
  // Infinite only because the text said "inf" is fine; because of its size, not.
  if (std::isinf(rounded) && (ec == std::errc::result_out_of_range || std::isfinite(value))) {
    char largest[32];
    std::snprintf(largest, sizeof largest, "%.*g", std::numeric_limits<T>::max_digits10,
                  static_cast<double>(std::numeric_limits<T>::max()));
    throw UsageError(scalar_error_prefix<Named>(text, param) + "is out of its range (its largest magnitude is " + largest +
                     ")");
  }
  return rounded;
}

// A complex literal as Python's complex() reads it; each part as parse_float_scalar<F>.
template <class C>
C parse_complex_scalar(std::string_view text, std::string_view param) {
  using F = decltype(C{}.real);
  std::string_view body = text;
  if (body.size() >= 2 && body.front() == '(' && body.back() == ')') body = body.substr(1, body.size() - 2);
  if (body.empty() || (body.back() != 'j' && body.back() != 'J')) {
    try {
      return C(parse_float_scalar<F>(body, param), F(0));
    } catch (const UsageError&) {
      throw UsageError(scalar_error_prefix<C>(text, param) + "is not a complex number (write it as Python does: 1.5-2j)");
    }
  }
  body.remove_suffix(1);
  // The imaginary part starts at the last sign that is not an exponent's.
  std::size_t split = std::string_view::npos;
  for (std::size_t k = body.size(); k-- > 1;) {
    if ((body[k] == '+' || body[k] == '-') && body[k - 1] != 'e' && body[k - 1] != 'E') {
      split = k;
      break;
    }
  }
  std::string_view re = split == std::string_view::npos ? std::string_view("0") : body.substr(0, split);
  std::string imag(split == std::string_view::npos ? body : body.substr(split));
  if (imag.empty() || imag == "+" || imag == "-") imag += "1";  // "j" and "1-j" mean one
  if (imag.front() == '+') imag.erase(0, 1);
  try {
    return C(parse_float_scalar<F>(re, param), parse_float_scalar<F>(imag, param));
  } catch (const UsageError&) {
    throw UsageError(scalar_error_prefix<C>(text, param) + "is not a complex number (write it as Python does: 1.5-2j)");
  }
}

}  // namespace detail

// A real or bool parameter's literal (see the top of this file).
template <class T>
T parse_real_scalar(std::string_view text, std::string_view param) {
  static_assert((std::is_arithmetic_v<T> || std::is_same_v<T, __half>) && !std::is_const_v<T>,
                "py2cuda harness: scalar parameters are numbers or bool");
  if constexpr (std::is_same_v<T, __half>) {
    // Rounded once, from the float64 the text denotes (as numpy's float16() does).
    const double value = detail::parse_float_scalar<double, __half>(text, param);
    const __half rounded(value);
    if (std::isinf(static_cast<float>(rounded)) && std::isfinite(value)) {
      throw UsageError(detail::scalar_error_prefix<T>(text, param) +
                       "is out of its range (its largest magnitude is 65504)");
    }
    return rounded;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (text == "True" || text == "true" || text == "1") return true;
    if (text == "False" || text == "false" || text == "0") return false;
    throw UsageError("argument '" + std::string(param) + "' expects bool (True, False, 1 or 0), not '" +
                     std::string(text) + "'");
  } else if constexpr (std::is_integral_v<T>) {
    return detail::parse_int_scalar<T>(text, param);
  } else {
    return detail::parse_float_scalar<T>(text, param);
  }
}

// The value of the literal `text` for kernel parameter `param` of C++ type T.
template <class T>
T parse_scalar(std::string_view text, std::string_view param) {
  if constexpr (std::is_same_v<T, complex64> || std::is_same_v<T, complex128>) {
    return detail::parse_complex_scalar<T>(text, param);
  } else {
    return parse_real_scalar<T>(text, param);
  }
}

}  // namespace py2cuda::harness
