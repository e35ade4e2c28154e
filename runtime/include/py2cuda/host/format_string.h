// py2cuda host runtime: str.format(), Python's "{} {0:>5} {1!r}".format(...).
//
// Follows CPython 3.11's string formatter (Objects/stringlib/unicode_format.h)
// for positional fields: automatic and manual numbering (and the errors for
// mixing them), conversions !s !r !a, a format spec that may itself contain
// replacement fields ("{:{}}"), and the {{ }} escapes. Keyword fields and
// attribute/index access ("{a}", "{0.x}", "{0[1]}") are not supported: the
// translator passes positional arguments only; they raise KeyError / ValueError.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "exceptions.h"
#include "format_arg.h"
#include "percent_format.h"  // ascii_escape

namespace py2cuda::host {

namespace detail {

struct FieldNumbering {
  bool automatic = false, manual = false;
  size_t next = 0;
};

// The argument for a field name ("" for automatic numbering, or digits).
inline const FormatArg& format_field_arg(std::string_view name, const std::vector<FormatArg>& args,
                                         FieldNumbering& num) {
  size_t index = 0;
  if (name.empty()) {
    if (num.manual)
      throw ValueError("cannot switch from manual field specification to automatic field numbering");
    num.automatic = true;
    index = num.next++;
  } else {
    size_t pos = 0;
    int64_t v = 0;
    if (!parse_count(name, pos, v)) throw KeyError(repr(name));
    if (pos != name.size()) throw ValueError("Only positional fields are supported");
    if (num.automatic)
      throw ValueError("cannot switch from automatic field numbering to manual field specification");
    num.manual = true;
    index = static_cast<size_t>(v);
  }
  if (index >= args.size())
    throw IndexError("Replacement index " + std::to_string(index) +
                     " out of range for positional args tuple");
  return args[index];
}

inline std::string format_string_impl(std::string_view fmt, const std::vector<FormatArg>& args,
                               FieldNumbering& num, int depth);

// One "{...}" body (without the braces).
inline std::string format_field(std::string_view field, const std::vector<FormatArg>& args,
                                FieldNumbering& num, int depth) {
  // The name ends at the first '!' or ':'.
  size_t end = 0;
  while (end < field.size() && field[end] != '!' && field[end] != ':') ++end;
  const std::string_view name = field.substr(0, end);
  char conversion = 0;
  std::string_view spec;
  size_t pos = end;
  if (pos < field.size() && field[pos] == '!') {
    if (pos + 1 >= field.size())
      throw ValueError("end of string while looking for conversion specifier");
    conversion = field[pos + 1];
    pos += 2;
    if (pos < field.size() && field[pos] != ':')
      throw ValueError("expected ':' after conversion specifier");
  }
  if (pos < field.size()) spec = field.substr(pos + 1);
  const FormatArg& a = format_field_arg(name, args, num);
  // Nested fields in the spec are expanded first, as CPython does.
  std::string expanded =
      spec.find('{') == std::string_view::npos ? std::string(spec)
                                               : format_string_impl(spec, args, num, depth + 1);
  switch (conversion) {
    case 0: return a.format(expanded);
    case 's': return format(std::string_view(a.str()), expanded);
    case 'r': return format(std::string_view(a.repr()), expanded);
    case 'a': return format(std::string_view(ascii_escape(a.repr())), expanded);
    default:
      throw ValueError(std::string("Unknown conversion specifier ") + conversion);
  }
}

inline std::string format_string_impl(std::string_view fmt, const std::vector<FormatArg>& args,
                                      FieldNumbering& num, int depth) {
  if (depth > 1) throw ValueError("Max string recursion exceeded");
  std::string out;
  for (size_t i = 0; i < fmt.size();) {
    const char c = fmt[i];
    if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out += '}';
        i += 2;
        continue;
      }
      throw ValueError("Single '}' encountered in format string");
    }
    if (c != '{') {
      out += c;
      ++i;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out += '{';
      i += 2;
      continue;
    }
    // Find the matching '}', counting nested braces of the spec.
    size_t j = i + 1;
    int level = 1;
    for (; j < fmt.size(); ++j) {
      if (fmt[j] == '{') ++level;
      else if (fmt[j] == '}' && --level == 0) break;
    }
    if (j >= fmt.size()) {
      if (level > 1) throw ValueError("expected '}' before end of string");
      throw ValueError(i + 1 == fmt.size() ? "Single '{' encountered in format string"
                                           : "expected '}' before end of string");
    }
    out += format_field(fmt.substr(i + 1, j - i - 1), args, num, depth);
    i = j + 1;
  }
  return out;
}

}  // namespace detail

inline std::string format_string_args(std::string_view fmt, const std::vector<FormatArg>& args) {
  detail::FieldNumbering num;
  return detail::format_string_impl(fmt, args, num, 0);
}

template <class... Args>
std::string format_string(std::string_view fmt, const Args&... args) {
  return format_string_args(fmt, std::vector<FormatArg>{FormatArg(args)...});
}

}  // namespace py2cuda::host
