// py2cuda host runtime: Python's format(value, spec) and the format-spec
// mini-language ([[fill]align][sign][z][#][0][width][grouping][.precision][type]).
//
// Behaviour follows CPython 3.11 (Python/formatter_unicode.c), including its
// quirks: a '0' before the width only sets fill '0' when no fill was given and
// sign-aware '=' alignment only for numbers without an explicit alignment;
// zero-fill with '=' puts grouping separators into the padding ("0,001,234");
// an empty type with a precision is 'g' that switches to exponent one digit
// earlier and keeps ".0" ("{:.3}".format(123.0) == "1.23e+02"); 'n' uses the C
// locale (Python never calls setlocale for LC_NUMERIC), so it never groups.
// Errors are ValueError/OverflowError with CPython's exact messages.
//
// NumPy scalars are formatted as NumPy 1.26's generic __format__ does: the
// value is converted to the Python type first (np.float32 -> float, also for
// an empty spec: f"{np.float32(0.1)}" prints 0.10000000149011612, unlike
// str()), integers -> int, np.bool_ -> bool.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "exceptions.h"
#include "float_digits.h"
#include "scalar_repr.h"
#include "scalar_types.h"
#include "unicode.h"

namespace py2cuda::host {

struct FormatSpec {
  std::string fill = " ";  // one code point, UTF-8
  bool fill_given = false;
  char align = 0;  // '<' '>' '^' '=' or 0
  char sign = 0;   // '+' '-' ' ' or 0
  bool no_neg_zero = false;  // 'z'
  bool alternate = false;    // '#'
  int64_t width = -1;
  char grouping = 0;  // ',' or '_' or 0
  int64_t precision = -1;
  char32_t type = 0;  // after defaulting; 0 = none
};

namespace detail {

inline bool is_align(char32_t c) { return c == '<' || c == '>' || c == '^' || c == '='; }

// Formats a type code in an error message the way CPython does.
inline std::string type_code_text(char32_t t) {
  if (t > 32 && t < 128) return std::string(1, static_cast<char>(t));
  static const char hex[] = "0123456789abcdef";
  std::string h;
  for (char32_t v = t; v; v >>= 4) h.insert(h.begin(), hex[v & 0xF]);
  return "\\x" + (h.empty() ? std::string("0") : h);
}

[[noreturn]] inline void unknown_format_code(char32_t type, std::string_view type_name) {
  throw ValueError("Unknown format code '" + type_code_text(type) + "' for object of type '" +
                   std::string(type_name) + "'");
}

// Reads decimal digits at s[pos..]; false when there are none.
inline bool parse_count(std::string_view s, size_t& pos, int64_t& out) {
  const size_t start = pos;
  int64_t v = 0;
  bool overflow = false;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
    if (v > (std::numeric_limits<int64_t>::max() - 9) / 10) overflow = true;
    if (!overflow) v = v * 10 + (s[pos] - '0');
    ++pos;
  }
  if (overflow) throw ValueError("Too many decimal digits in format string");
  if (pos == start) return false;
  out = v;
  return true;
}

}  // namespace detail

// Parses `spec` as CPython's parse_internal_render_format_spec does, with the
// caller's default type and alignment ('d'/'>' for int, none/'>' for float,
// 's'/'<' for str); `type_name` only appears in error messages.
inline FormatSpec parse_format_spec(std::string_view spec, std::string_view type_name,
                                    char32_t default_type, char default_align) {
  FormatSpec f;
  f.type = default_type;
  size_t pos = 0;
  bool align_given = false;
  // [[fill]align]: the fill may be any code point, so look one code point ahead.
  if (!spec.empty()) {
    size_t second = 0;
    const char32_t c0 = detail::next_code_point(spec, second);
    size_t third = second;
    const char32_t c1 = second < spec.size() ? detail::next_code_point(spec, third) : 0;
    if (second < spec.size() && detail::is_align(c1)) {
      f.fill = std::string(spec.substr(0, second));
      f.fill_given = true;
      f.align = static_cast<char>(c1);
      align_given = true;
      pos = third;
    } else if (detail::is_align(c0)) {
      f.align = static_cast<char>(c0);
      align_given = true;
      pos = second;
    }
  }
  if (pos < spec.size() && (spec[pos] == '+' || spec[pos] == '-' || spec[pos] == ' '))
    f.sign = spec[pos++];
  if (pos < spec.size() && spec[pos] == 'z') {
    f.no_neg_zero = true;
    ++pos;
  }
  if (pos < spec.size() && spec[pos] == '#') {
    f.alternate = true;
    ++pos;
  }
  if (!f.fill_given && pos < spec.size() && spec[pos] == '0') {
    f.fill = "0";
    if (!align_given && default_align == '>') f.align = '=';
    ++pos;
  }
  detail::parse_count(spec, pos, f.width);
  if (pos < spec.size() && (spec[pos] == ',' || spec[pos] == '_')) {
    f.grouping = spec[pos++];
    if (pos < spec.size() && (spec[pos] == ',' || spec[pos] == '_'))
      throw ValueError("Cannot specify both ',' and '_'.");
  }
  if (pos < spec.size() && spec[pos] == '.') {
    ++pos;
    if (!detail::parse_count(spec, pos, f.precision))
      throw ValueError("Format specifier missing precision");
  }
  const std::string_view rest = spec.substr(pos);
  if (detail::code_point_count(rest) > 1)
    throw ValueError("Invalid format specifier '" + std::string(spec) + "' for object of type '" +
                     std::string(type_name) + "'");
  if (!rest.empty()) {
    size_t i = 0;
    f.type = detail::next_code_point(rest, i);
  }
  if (f.grouping) {
    const char32_t t = f.type;
    const bool decimal_like = t == 'd' || t == 'e' || t == 'f' || t == 'g' || t == 'E' ||
                              t == 'G' || t == '%' || t == 'F' || t == 0;
    const bool radix = t == 'b' || t == 'o' || t == 'x' || t == 'X';
    if (!decimal_like && !(radix && f.grouping == '_'))
      throw ValueError(std::string("Cannot specify '") + f.grouping + "' with '" +
                       detail::type_code_text(t) + "'.");
  }
  return f;
}

namespace detail {

// Inserts `sep` every `group` digits from the right of `digits`, extending
// with leading zeros until at least `min_width` characters: CPython's
// _PyUnicode_InsertThousandsGrouping, which never starts with a separator
// (so "0,001,234" for width 8). sep == 0 only zero-pads.
inline std::string group_digits(const std::string& digits, int64_t min_width, char sep, int group) {
  if (!sep) {
    if (static_cast<int64_t>(digits.size()) >= min_width) return digits;
    return std::string(static_cast<size_t>(min_width) - digits.size(), '0') + digits;
  }
  std::string out;  // built reversed
  int64_t remaining = static_cast<int64_t>(digits.size());
  bool first = true;
  for (;;) {
    const int64_t l = std::min<int64_t>(group, std::max<int64_t>({remaining, min_width, 1}));
    const int64_t n_chars = std::max<int64_t>(0, std::min(remaining, l));
    const int64_t n_zeros = std::max<int64_t>(0, l - remaining);
    if (!first) out += sep;
    first = false;
    for (int64_t k = 0; k < n_chars; ++k) out += digits[static_cast<size_t>(remaining - 1 - k)];
    out.append(static_cast<size_t>(n_zeros), '0');
    remaining -= n_chars;
    min_width -= l;
    if (remaining <= 0 && min_width <= 0) break;
    min_width -= 1;
  }
  return std::string(out.rbegin(), out.rend());
}

// Pads `body` (whose code-point length is `len`) to the spec's width with its
// fill; '=' padding goes after the first `sign_len` characters.
inline std::string pad(const FormatSpec& f, std::string body, size_t len, char default_align,
                       size_t sign_len = 0) {
  if (f.width <= static_cast<int64_t>(len)) return body;
  const size_t total = static_cast<size_t>(f.width) - len;
  const char align = f.align ? f.align : default_align;
  size_t left = 0;
  if (align == '>' || align == '=') left = total;
  else if (align == '^') left = total / 2;
  const size_t right = total - left;
  auto repeat = [&](size_t n) {
    std::string r;
    for (size_t k = 0; k < n; ++k) r += f.fill;
    return r;
  };
  if (align == '=') return body.substr(0, sign_len) + repeat(left) + body.substr(sign_len);
  return repeat(left) + body + repeat(right);
}

// Assembles sign, prefix ("0x"), grouped integer digits and the rest
// (fraction, exponent, '%'), then pads: CPython's fill_number.
inline std::string render_number(const FormatSpec& f, bool negative, std::string_view prefix,
                                 const std::string& int_digits, std::string_view rest, int group,
                                 bool group_padding = true) {
  std::string sign;
  if (negative) sign = "-";
  else if (f.sign == '+') sign = "+";
  else if (f.sign == ' ') sign = " ";
  const char sep = f.type == 'n' ? 0 : f.grouping;
  const int64_t fixed_len = static_cast<int64_t>(sign.size() + prefix.size() + rest.size());
  const bool zero_fill = f.fill == "0" && f.align == '=';
  int64_t min_width = zero_fill ? f.width - fixed_len : 0;
  std::string digits;
  if (int_digits.empty() && !group_padding) {
    digits = group_digits(int_digits, min_width, 0, group);
  } else {
    digits = group_digits(int_digits, min_width, sep, group);
  }
  std::string body = sign;
  body += prefix;
  body += digits;
  body += rest;
  const size_t len = body.size();  // ASCII; taken before the move below
  return pad(f, std::move(body), len, '>', sign.size() + prefix.size());
}

// Digits of a non-negative double in Python's float formats, without sign.
// `type` is 'e' 'f' 'g' 'r' (repr) with the flags of PyOS_double_to_string.
inline std::string float_body(double a, char type, int64_t precision, bool alternate,
                              bool add_dot_0) {
  const int p = static_cast<int>(precision);
  switch (type) {
    case 'f': {
      std::string s = fixed(a, p);
      if (alternate && p == 0) s += '.';
      return s;
    }
    case 'e': {
      Decimal d = significant(a, p + 1);
      return scientific_text(d, alternate);
    }
    case 'g': {
      const int digits = p == 0 ? 1 : p;
      Decimal d = significant(a, digits);
      if (!alternate) strip_trailing_zeros(d.digits);
      const bool use_exp = d.decpt <= -4 || d.decpt > (add_dot_0 ? digits - 1 : digits);
      if (use_exp) return scientific_text(d, alternate);
      std::string s = positional(d);
      if (s.back() == '.') {
        if (add_dot_0) s += '0';
        else if (!alternate) s.pop_back();
      }
      return s;
    }
    default: {  // 'r'
      Decimal d = shortest(a);
      if (d.decpt <= -4 || d.decpt > 16) return scientific_text(d, alternate);
      std::string s = positional(d);
      if (s.back() == '.') s += '0';
      return s;
    }
  }
}

inline std::string format_float_with(double x, const FormatSpec& f) {
  char32_t t = f.type;
  if (!(t == 0 || t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G' ||
        t == 'n' || t == '%'))
    unknown_format_code(t, "float");
  const bool upper = t == 'E' || t == 'F' || t == 'G';
  bool negative = std::signbit(x) && !std::isnan(x);
  double a = std::fabs(x);
  if (t == '%') a *= 100;
  std::string body;
  if (!std::isfinite(a)) {
    body = std::isnan(a) ? "nan" : "inf";
  } else if (t == 0) {
    body = f.precision < 0 ? float_body(a, 'r', 0, f.alternate, true)
                           : float_body(a, 'g', f.precision, f.alternate, true);
  } else {
    const int64_t p = f.precision < 0 ? 6 : f.precision;
    const char base = t == 'E' ? 'e' : t == 'F' || t == '%' ? 'f' : t == 'G' || t == 'n' ? 'g'
                                                                                     : static_cast<char>(t);
    body = float_body(a, base, p, f.alternate, false);
  }
  if (upper)
    for (char& c : body) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
  if (negative && f.no_neg_zero && std::isfinite(a)) {
    // 'z': a value that rounded to zero loses its minus sign.
    const size_t e = body.find_first_of("eE");
    if (body.substr(0, e).find_first_not_of("0.") == std::string::npos) negative = false;
  }
  size_t n_int = 0;
  while (n_int < body.size() && body[n_int] >= '0' && body[n_int] <= '9') ++n_int;
  std::string rest = body.substr(n_int);
  if (t == '%') rest += '%';
  return render_number(f, negative, "", body.substr(0, n_int), rest, 3, std::isfinite(a));
}

// A Python int given as sign and magnitude (covers int64 and uint64).
inline std::string format_int_with(bool negative, uint64_t mag, const FormatSpec& f,
                                   std::string_view type_name) {
  const char32_t t = f.type;
  if (t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G' || t == '%') {
    const double v = static_cast<double>(mag);
    return format_float_with(negative ? -v : v, f);
  }
  if (!(t == 'b' || t == 'c' || t == 'd' || t == 'o' || t == 'x' || t == 'X' || t == 'n'))
    unknown_format_code(t, type_name);
  if (f.precision >= 0) throw ValueError("Precision not allowed in integer format specifier");
  if (f.no_neg_zero)
    throw ValueError("Negative zero coercion (z) not allowed in integer format specifier");
  if (t == 'c') {
    if (f.sign) throw ValueError("Sign not allowed with integer format specifier 'c'");
    if (f.alternate)
      throw ValueError("Alternate form (#) not allowed with integer format specifier 'c'");
    if (!negative && mag > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      throw OverflowError("Python int too large to convert to C long");
    if (negative || mag > 0x10FFFF) throw OverflowError("%c arg not in range(0x110000)");
    std::string ch;
    append_utf8(ch, static_cast<char32_t>(mag));
    return pad(f, ch, 1, '>');
  }
  const unsigned base = t == 'b' ? 2 : t == 'o' ? 8 : (t == 'x' || t == 'X') ? 16 : 10;
  const char* digit_chars = t == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string digits;
  do {
    digits.insert(digits.begin(), digit_chars[mag % base]);
    mag /= base;
  } while (mag);
  std::string prefix;
  if (f.alternate && base != 10)
    prefix = std::string("0") + (t == 'X' ? 'X' : static_cast<char>(t));
  return render_number(f, negative, prefix, digits, "", base == 10 ? 3 : 4);
}

}  // namespace detail

std::string format(char, std::string_view) = delete;  // see repr(char)

// ---- format(value, spec) -----------------------------------------------------

inline std::string format(double x, std::string_view spec) {
  if (spec.empty()) return str(x);
  return detail::format_float_with(x, parse_format_spec(spec, "float", 0, '>'));
}

template <PyIntLike I>
std::string format(I x, std::string_view spec) {
  if (spec.empty()) return str(x);
  const FormatSpec f = parse_format_spec(spec, "int", 'd', '>');
  const bool negative = is_negative(x);
  const uint64_t mag = negative ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  return detail::format_int_with(negative, mag, f, "int");
}

// bool is an int subclass: any non-empty spec formats 1/0 (with "bool" in the
// error messages); an empty spec gives str(), "True"/"False".
template <PyBoolLike B>
std::string format(B b, std::string_view spec) {
  if (spec.empty()) return str(b);
  const FormatSpec f = parse_format_spec(spec, "bool", 'd', '>');
  return detail::format_int_with(false, b ? 1 : 0, f, "bool");
}

inline std::string format(std::string_view s, std::string_view spec) {
  if (spec.empty()) return std::string(s);
  const FormatSpec f = parse_format_spec(spec, "str", 's', '<');
  if (f.type != 's') detail::unknown_format_code(f.type, "str");
  if (f.sign == ' ') throw ValueError("Space not allowed in string format specifier");
  if (f.sign) throw ValueError("Sign not allowed in string format specifier");
  if (f.no_neg_zero)
    throw ValueError("Negative zero coercion (z) not allowed in string format specifier");
  if (f.alternate) throw ValueError("Alternate form (#) not allowed in string format specifier");
  if (f.align == '=') throw ValueError("'=' alignment not allowed in string format specifier");
  std::string_view text = s;
  if (f.precision >= 0) text = detail::code_point_prefix(s, static_cast<size_t>(f.precision));
  return detail::pad(f, std::string(text), detail::code_point_count(text), '<');
}
inline std::string format(const std::string& s, std::string_view spec) {
  return host::format(std::string_view(s), spec);
}
inline std::string format(const char* s, std::string_view spec) {
  return host::format(std::string_view(s), spec);
}

template <class T>
std::string format(NpScalar<T> x, std::string_view spec) {
  if constexpr (std::is_same_v<T, bool>) return format(x.value, spec);
  else if constexpr (std::is_floating_point_v<T>) return format(static_cast<double>(x.value), spec);
  else return format(x.value, spec);
}

}  // namespace py2cuda::host
