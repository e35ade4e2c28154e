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

// Renders one parsed field: argument lookup, then the conversion, then the
// expansion of nested fields in the spec, in CPython's order.
inline std::string render_field(std::string_view name, char conversion, std::string_view spec,
                                const std::vector<FormatArg>& args, FieldNumbering& num, int depth) {
  const FormatArg& a = format_field_arg(name, args, num);
  std::string converted;
  switch (conversion) {
    case 0: break;
    case 's': converted = a.str(); break;
    case 'r': converted = a.repr(); break;
    case 'a': converted = ascii_escape(a.repr()); break;
    default:
      throw ValueError("Unknown conversion specifier " +
                       type_code_text(static_cast<unsigned char>(conversion)));
  }
  const std::string expanded = spec.find('{') == std::string_view::npos
                                   ? std::string(spec)
                                   : format_string_impl(spec, args, num, depth + 1);
  // Qualified: an unqualified call with std::string_view arguments finds std::format by ADL (C++20 libraries).
  return conversion ? host::format(std::string_view(converted), expanded) : a.format(expanded);
}

// CPython's MarkupIterator_next and parse_field: literal text with {{ }},
// then "{name[!c][:spec]}" where the spec may nest braces.
inline std::string format_string_impl(std::string_view fmt, const std::vector<FormatArg>& args,
                                      FieldNumbering& num, int depth) {
  if (depth > 1) throw ValueError("Max string recursion exceeded");
  std::string out;
  const size_t n = fmt.size();
  for (size_t i = 0; i < n;) {
    const char c = fmt[i];
    if (c == '}') {
      if (i + 1 < n && fmt[i + 1] == '}') {
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
    if (i + 1 == n) throw ValueError("Single '{' encountered in format string");
    if (fmt[i + 1] == '{') {
      out += '{';
      i += 2;
      continue;
    }
    // The field name ends at '}', ':' or '!' ('[...]' may contain them).
    size_t p = i + 1;
    const size_t name_start = p;
    char term = 0;
    while (p < n) {
      const char ch = fmt[p++];
      if (ch == '{') throw ValueError("unexpected '{' in field name");
      if (ch == '[') {
        while (p < n && fmt[p] != ']') ++p;
        continue;
      }
      if (ch == '}' || ch == ':' || ch == '!') {
        term = ch;
        break;
      }
    }
    const std::string_view name = fmt.substr(name_start, (term ? p - 1 : p) - name_start);
    char conversion = 0;
    std::string_view spec;
    if (term == '!' || term == ':') {
      bool closed = false;
      if (term == '!') {
        if (p >= n) throw ValueError("end of string while looking for conversion specifier");
        conversion = fmt[p++];
        if (p < n) {
          const char ch = fmt[p++];
          if (ch == '}') closed = true;
          else if (ch != ':') throw ValueError("expected ':' after conversion specifier");
        }
      }
      if (!closed) {
        const size_t spec_start = p;
        int count = 1;
        while (p < n) {
          const char ch = fmt[p++];
          if (ch == '{') ++count;
          else if (ch == '}' && --count == 0) break;
        }
        if (count != 0) throw ValueError("unmatched '{' in format spec");
        spec = fmt.substr(spec_start, p - 1 - spec_start);
      }
    } else if (term != '}') {
      throw ValueError("expected '}' before end of string");
    }
    out += render_field(name, conversion, spec, args, num, depth);
    i = p;
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
