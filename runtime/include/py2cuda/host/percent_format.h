// py2cuda host runtime: printf-style formatting, Python's `fmt % args`.
//
// Follows CPython 3.11's PyUnicode_Format: conversions d i u o x X e E f F g
// G c s r a and %%, flags - + space # 0, width and precision (also '*'),
// ignored length modifiers h l L. Numbers share the digit engines of
// format(); what differs from format() is kept here: %d truncates floats
// (int(x), with CPython's errors for nan/inf), a precision on an integer is
// a minimum digit count ('%.3d' -> 005), the '0' flag zero-pads numbers
// even with a precision or for inf/nan ('%05f' % inf -> 00inf) and is
// ignored for %s/%r/%c, 'g' never adds ".0", and the TypeError messages are
// those of the % operator. Mapping keys "%(name)s" are
// not supported (CPython's TypeError "format requires a mapping" is raised,
// as for a tuple argument).
#pragma once

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "exceptions.h"
#include "format_arg.h"
#include "float_digits.h"
#include "unicode.h"

namespace py2cuda::host {

namespace detail {

// Escapes non-ASCII code points of a repr as ascii() does.
inline std::string ascii_escape(std::string_view r) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < r.size();) {
    const char32_t c = next_code_point(r, i);
    if (c < 0x80) {
      out += static_cast<char>(c);
      continue;
    }
    const int n = c < 0x100 ? 2 : c < 0x10000 ? 4 : 8;
    out += n == 2 ? "\\x" : n == 4 ? "\\u" : "\\U";
    for (int k = n - 1; k >= 0; --k) out += hex[(c >> (4 * k)) & 0xF];
  }
  return out;
}

struct PercentFlags {
  bool left = false, plus = false, space = false, alt = false, zero = false;
  int64_t width = -1, precision = -1;
};

// Sign, prefix and digits padded per the % flags (CPython's
// unicode_format_arg_output for numbers).
inline std::string percent_pad_number(const PercentFlags& fl, bool negative, std::string_view prefix,
                                      std::string digits) {
  std::string sign = negative ? "-" : fl.plus ? "+" : fl.space ? " " : "";
  const int64_t len = static_cast<int64_t>(sign.size() + prefix.size() + digits.size());
  std::string out;
  if (fl.width > len) {
    const size_t n = static_cast<size_t>(fl.width - len);
    if (fl.left) return sign + std::string(prefix) + digits + std::string(n, ' ');
    if (fl.zero) return sign + std::string(prefix) + std::string(n, '0') + digits;
    return std::string(n, ' ') + sign + std::string(prefix) + digits;
  }
  return sign + std::string(prefix) + digits;
}

inline std::string percent_pad_text(const PercentFlags& fl, std::string text) {
  if (fl.precision >= 0) text = std::string(code_point_prefix(text, static_cast<size_t>(fl.precision)));
  const int64_t len = static_cast<int64_t>(code_point_count(text));
  if (fl.width <= len) return text;
  const std::string pad(static_cast<size_t>(fl.width - len), ' ');
  return fl.left ? text + pad : pad + text;
}

inline std::string percent_one(char c, const PercentFlags& fl, const FormatArg& a) {
  switch (c) {
    case 's': return percent_pad_text(fl, a.str());
    case 'r': return percent_pad_text(fl, a.repr());
    case 'a': return percent_pad_text(fl, ascii_escape(a.repr()));
    case 'c': {
      std::string ch;
      if (a.is_integer()) {
        if (a.negative() || a.magnitude() > 0x10FFFF)
          throw OverflowError("%c arg not in range(0x110000)");
        append_utf8(ch, static_cast<char32_t>(a.magnitude()));
      } else if (a.is_str() && code_point_count(a.text()) == 1) {
        ch = a.text();
      } else {
        throw TypeError("%c requires int or char");
      }
      PercentFlags f2 = fl;
      f2.precision = -1;
      return percent_pad_text(f2, ch);
    }
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
      const bool decimal = c == 'd' || c == 'i' || c == 'u';
      if (!a.is_integer() && !(decimal && a.is_float()))
        throw TypeError(std::string("%") + c + " format: " +
                        (decimal ? "a real number" : "an integer") + " is required, not " +
                        a.type_name());
      bool negative;
      std::string digits;
      if (a.is_float()) {
        const double x = a.as_double();
        if (std::isnan(x)) throw ValueError("cannot convert float NaN to integer");
        if (std::isinf(x)) throw OverflowError("cannot convert float infinity to integer");
        const double t = std::trunc(x);
        negative = t < 0;
        digits = fixed(std::fabs(t), 0);  // exact: t is integral
      } else {
        negative = a.negative();
        uint64_t m = a.magnitude();
        const unsigned base = c == 'o' ? 8 : (c == 'x' || c == 'X') ? 16 : 10;
        const char* chars = c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
        do {
          digits.insert(digits.begin(), chars[m % base]);
          m /= base;
        } while (m);
      }
      if (fl.precision > static_cast<int64_t>(digits.size()))
        digits.insert(0, static_cast<size_t>(fl.precision) - digits.size(), '0');
      std::string prefix;
      if (fl.alt && !decimal) prefix = std::string("0") + c;
      return percent_pad_number(fl, negative, prefix, digits);
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
      if (!a.is_integer() && !a.is_float())
        throw TypeError("must be real number, not " + a.type_name());
      const double x = a.as_double();
      const bool negative = std::signbit(x) && !std::isnan(x);
      const double ax = std::fabs(x);
      std::string body;
      if (!std::isfinite(ax)) {
        body = std::isnan(ax) ? "nan" : "inf";
      } else {
        const char base = static_cast<char>(c | 0x20);
        body = float_body(ax, base, fl.precision < 0 ? 6 : fl.precision, fl.alt, false);
      }
      if (c == 'E' || c == 'F' || c == 'G')
        for (char& ch : body) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 32 : ch);
      return percent_pad_number(fl, negative, "", body);
    }
    default: return {};
  }
}

// Reads a '*' width or precision from the arguments.
inline int64_t percent_star(const std::vector<FormatArg>& args, size_t& next) {
  if (next >= args.size()) throw TypeError("not enough arguments for format string");
  const FormatArg& a = args[next++];
  if (!a.is_integer()) throw TypeError("* wants int");
  return a.negative() ? -static_cast<int64_t>(a.magnitude()) : static_cast<int64_t>(a.magnitude());
}

}  // namespace detail

// `fmt % tuple(args)`.
inline std::string percent_format_args(std::string_view fmt, const std::vector<FormatArg>& args) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < fmt.size();) {
    if (fmt[i] != '%') {
      out += fmt[i++];
      continue;
    }
    ++i;
    if (i >= fmt.size()) throw ValueError("incomplete format");
    if (fmt[i] == '%') {
      out += '%';
      ++i;
      continue;
    }
    if (fmt[i] == '(') throw TypeError("format requires a mapping");
    detail::PercentFlags fl;
    for (; i < fmt.size(); ++i) {
      const char f = fmt[i];
      if (f == '-') fl.left = true;
      else if (f == '+') fl.plus = true;
      else if (f == ' ') fl.space = true;
      else if (f == '#') fl.alt = true;
      else if (f == '0') fl.zero = true;
      else break;
    }
    if (i < fmt.size() && fmt[i] == '*') {
      fl.width = detail::percent_star(args, next);
      if (fl.width < 0) {  // a negative '*' width means left-justify
        fl.left = true;
        fl.width = -fl.width;
      }
      ++i;
    } else {
      detail::parse_count(fmt, i, fl.width);
    }
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      if (i < fmt.size() && fmt[i] == '*') {
        fl.precision = detail::percent_star(args, next);
        if (fl.precision < 0) fl.precision = 0;
        ++i;
      } else if (!detail::parse_count(fmt, i, fl.precision)) {
        fl.precision = 0;
      }
    }
    while (i < fmt.size() && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L')) ++i;
    if (i >= fmt.size()) throw ValueError("incomplete format");
    const size_t type_index = i;
    // Only a bare "%%" is a literal percent: after flags, width or precision
    // CPython 3.11 takes an argument and rejects '%' as a conversion.
    const char32_t c = detail::next_code_point(fmt, i);
    if (next >= args.size()) throw TypeError("not enough arguments for format string");
    const FormatArg& a = args[next++];
    static const std::string_view known = "diuoxXeEfFgGcsra";
    if (c >= 0x80 || known.find(static_cast<char>(c)) == std::string_view::npos) {
      static const char hex[] = "0123456789abcdef";
      std::string h;
      for (char32_t v = c; v; v >>= 4) h.insert(h.begin(), hex[v & 0xF]);
      std::string shown;
      detail::append_utf8(shown, c);
      throw ValueError("unsupported format character '" + shown + "' (0x" + h + ") at index " +
                       std::to_string(detail::code_point_count(fmt.substr(0, type_index))));
    }
    out += detail::percent_one(static_cast<char>(c), fl, a);
  }
  if (next < args.size())
    throw TypeError("not all arguments converted during string formatting");
  return out;
}

template <class... Args>
std::string percent_format(std::string_view fmt, const Args&... args) {
  return percent_format_args(fmt, std::vector<FormatArg>{FormatArg(args)...});
}

}  // namespace py2cuda::host
