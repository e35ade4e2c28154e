// py2cuda host runtime: Python's int(), float() and bool() of strings and one-element
// arrays, and Python's sum() of an array or a tuple (left to right from the int 0).
#pragma once

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "../tuple.h"
#include "exceptions.h"
#include "format_arg.h"
#include "ndarray.h"
#include "scalar_repr.h"

namespace py2cuda::host {

namespace detail {

inline std::string_view strip_spaces(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

template <class T, int N>
T only_element(const NDArray<T, N>& a) {
  if (a.size() != 1) throw PyException("TypeError", "only length-1 arrays can be converted to Python scalars");
  return *a.data();
}

}  // namespace detail

// a.item() of an array: its one element (the translator converts it to the Python number).
template <class T, int N>
T item(const NDArray<T, N>& a) {
  if (a.size() != 1) throw ValueError("can only convert an array of size 1 to a Python scalar");
  return *a.data();
}

// int("42"), int(" -7 "), int("1_000"): base 10, as CPython reads it.
inline int64_t to_int(const std::string& text) {
  std::string_view s = detail::strip_spaces(text);
  std::string digits;
  bool ok = !s.empty();
  size_t i = 0;
  if (ok && (s[0] == '+' || s[0] == '-')) digits += s[i++];
  ok = ok && i < s.size();
  for (bool prev_digit = false; ok && i < s.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      digits += s[i];
      prev_digit = true;
    } else if (s[i] == '_' && prev_digit && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
      prev_digit = false;
    } else {
      ok = false;
    }
  }
  int64_t v = 0;
  if (ok) {
    const char* begin = digits.data() + (digits[0] == '+' ? 1 : 0);
    auto [end, err] = std::from_chars(begin, digits.data() + digits.size(), v);
    if (err == std::errc::result_out_of_range) {
      throw PyException("OverflowError", "int too large for py2cuda's int64: " + repr(text));
    }
    ok = err == std::errc() && end == digits.data() + digits.size();
  }
  if (!ok) throw PyException("ValueError", "invalid literal for int() with base 10: " + repr(text));
  return v;
}

// int("ff", 16), int("0x1f", 0), int("0b101", 2): CPython's reading of a str in a base: 2 to
// 36, or 0 for the base its prefix (0x, 0o, 0b) names, where a number without one is decimal
// and may not start with 0; the base's own prefix is allowed; underscores between digits.
inline int64_t to_int(const std::string& text, int64_t base) {
  if (base != 0 && (base < 2 || base > 36)) throw PyException("ValueError", "int() base must be >= 2 and <= 36, or 0");
  const auto invalid = [&] {
    return PyException("ValueError", "invalid literal for int() with base " + std::to_string(base) + ": " + repr(text));
  };
  std::string_view s = detail::strip_spaces(text);
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  const auto prefix_base = [&](char c) -> int64_t {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
  };
  bool after_prefix = false;  // "0x_1f": an underscore may follow the prefix
  if (s.size() >= 2 && s[0] == '0' && prefix_base(s[1]) != 0 && (base == 0 || base == prefix_base(s[1]))) {
    base = prefix_base(s[1]);
    s.remove_prefix(2);
    after_prefix = true;
  } else if (base == 0) {
    // Decimal: "0", "00" and "0_0" are zero; other leading zeros are CPython's error.
    if (!s.empty() && s[0] == '0' && s.find_first_not_of("0_") != std::string_view::npos) throw invalid();
    base = 10;
  }
  if (s.empty()) throw invalid();
  constexpr uint64_t kLimit = uint64_t{1} << 63;  // |INT64_MIN|
  uint64_t value = 0;
  bool prev_digit = after_prefix;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    if (c == '_') {
      if (!prev_digit || i + 1 == s.size()) throw invalid();
      prev_digit = false;
      continue;
    }
    const int64_t digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c >= 'a' && c <= 'z') ? c - 'a' + 10 : 99;
    if (digit >= base) throw invalid();
    if (value > (kLimit - static_cast<uint64_t>(digit)) / static_cast<uint64_t>(base)) {
      throw PyException("OverflowError", "int too large for py2cuda's int64: " + repr(text));
    }
    value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(digit);
    prev_digit = true;
  }
  if (!negative && value == kLimit) {
    throw PyException("OverflowError", "int too large for py2cuda's int64: " + repr(text));
  }
  return negative ? static_cast<int64_t>(0 - value) : static_cast<int64_t>(value);
}

// float("2.5"), float("-inf"), float("nan"), float(" 1e3 ")
inline double to_float(const std::string& text) {
  std::string_view s = detail::strip_spaces(text);
  std::string lower;
  for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string_view body = lower;
  const bool negative = !body.empty() && body[0] == '-';
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.remove_prefix(1);
  if (body == "inf" || body == "infinity") return negative ? -HUGE_VAL : HUGE_VAL;
  if (body == "nan") return negative ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
  std::string cleaned;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '_' && i > 0 && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i - 1])) &&
        std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
      continue;
    }
    cleaned += s[i];
  }
  double v = 0;
  const char* begin = cleaned.data() + (!cleaned.empty() && cleaned[0] == '+' ? 1 : 0);
  auto [end, err] = std::from_chars(begin, cleaned.data() + cleaned.size(), v);
  if (cleaned.empty() || (err != std::errc() && err != std::errc::result_out_of_range) ||
      end != cleaned.data() + cleaned.size()) {
    throw PyException("ValueError", "could not convert string to float: " + repr(text));
  }
  // Beyond double's range Python gives inf (1e400) or the nearest subnormal or zero (1e-400),
  // which strtod rounds to; from_chars leaves v as it was.
  if (err == std::errc::result_out_of_range) v = std::strtod(begin, nullptr);
  return v;
}

inline bool to_bool(const std::string& text) { return !text.empty(); }

template <class T, int N>
int64_t to_int(const NDArray<T, N>& a) {
  return static_cast<int64_t>(detail::only_element(a));
}
template <class T, int N>
double to_float(const NDArray<T, N>& a) {
  return static_cast<double>(detail::only_element(a));
}
template <class T, int N>
bool to_bool(const NDArray<T, N>& a) {
  if (a.size() != 1) {
    throw PyException("ValueError", "The truth value of an array with more than one element is ambiguous. "
                                    "Use a.any() or a.all()");
  }
  return static_cast<bool>(*a.data());
}

// int(v), float(v), bool(v) of a value of a dict of mixed values: as of the type it holds.
// Templates taking exactly a FormatArg: a string literal, which a FormatArg could also be made
// from, keeps calling the std::string overloads (int("12"), bool("")).
template <class V>
  requires std::same_as<V, FormatArg>
int64_t to_int(const V& v) {
  if (v.is_str()) return to_int(v.text());
  if (v.is_float()) return static_cast<int64_t>(std::trunc(v.as_double()));
  const int64_t m = static_cast<int64_t>(v.magnitude());
  return v.negative() ? -m : m;
}
template <class V>
  requires std::same_as<V, FormatArg>
double to_float(const V& v) {
  return v.is_str() ? to_float(v.text()) : v.as_double();
}
template <class V>
  requires std::same_as<V, FormatArg>
bool to_bool(const V& v) {
  if (v.is_str()) return !v.text().empty();
  return v.is_float() ? v.as_double() != 0 : v.magnitude() != 0;
}

// sum(a) of a 1-D array or a tuple: Python's left-to-right sum from 0 (R is int64_t for
// integer items, double for float items: 0 + np.float32 is a float64 in NumPy 1.x).
// sum(a, start) adds them to start, in the same order.
template <class R, class T>
R py_sum(const NDArray<T, 1>& a, R start = 0) {
  R total = start;
  for (int64_t i = 0; i < a.shape(0); ++i) total += static_cast<R>(a(i));
  return total;
}
template <class R, class... T>
R py_sum(const py2cuda::tuple<T...>& t, R start = 0) {
  R total = start;
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((total += static_cast<R>(py2cuda::get<I>(t))), ...); }(
      std::index_sequence_for<T...>{});
  return total;
}

}  // namespace py2cuda::host
