// py2cuda host runtime: str(ndarray) and repr(ndarray) as NumPy 1.26 prints them.
//
// Reimplements numpy/core/arrayprint.py for floatmode='maxprec', sign='-',
// legacy=False, the print options np.set_printoptions can change here
// (precision=8, suppress=False, linewidth=75, threshold=1000, edgeitems=3 by
// default; see PrintOptions) and the dtypes the translator produces: bool,
// int8..int64, uint8..uint64, float32, float64.
// The printer sees only a strided view (ArrayRef), so it works for host
// arrays, device-array copies and slices alike.
//
// The rules, in arrayprint's terms:
//  * more than `threshold` elements: each axis longer than 2*edgeitems shows
//    its first and last 3 entries around "..."; the element formatter is
//    built from the shown elements only;
//  * integers are right-aligned to the widest of str(min), str(max);
//  * bools are " True"/"False" (plain "True" in a 0-d array);
//  * floats (FloatingFormat): scientific when a finite non-zero |x| has
//    max >= 1e8, or (unless suppress) min < 1e-4 or max/min > 1e3 (the ratio
//    divided in the array's type); otherwise positional with the shortest round-trip
//    digits capped at `precision` fraction digits (integer digits exact), trailing
//    zeros dropped but the point kept ("1."), and every element padded to
//    the widest integer part (left) and fraction (right, with spaces).
//    Scientific uses the largest fraction length over the elements for all
//    of them (extra digits are the exact value's, correctly rounded) and
//    the widest exponent; nan/inf are right-aligned to the column width;
//  * rows wrap at linewidth with the line-continuation indent of the
//    nesting depth; axes are separated by rank-1 blank lines;
//  * repr: "array(" prefix, ", " separator, the line width reduced by the
//    suffix, and ", dtype=T)" unless T is int64/float64/bool and the array
//    is non-empty, moved to its own line when it would pass column 75;
//    empty arrays other than shape (0,) show ", shape=(...)".
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "float_digits.h"
#include "format_arg.h"
#include "scalar_repr.h"
#include "scalar_types.h"

namespace py2cuda::host {

// A read-only strided view: `strides` are in elements, not bytes.
template <class T>
struct ArrayRef {
  const T* data;
  int ndim;
  const int64_t* shape;
  const int64_t* strides;
};

// NumPy's print options that np.set_printoptions changes for the rest of the
// program (one set per process, as NumPy's are per thread and programs print
// from one).
struct PrintOptions {
  int precision = 8;
  double threshold = 1000;  // a float threshold (np.inf) is NumPy's too
  int64_t edgeitems = 3;
  int64_t linewidth = 75;
  bool suppress = false;
};

inline PrintOptions& print_options() {
  static PrintOptions options;
  return options;
}

// np.set_printoptions(...): an option left out (or None) keeps its value. The threshold
// may be a float (np.inf: never summarise), as NumPy compares it with the size.
inline void set_printoptions(std::optional<int64_t> precision, std::optional<double> threshold,
                             std::optional<int64_t> edgeitems, std::optional<int64_t> linewidth,
                             std::optional<bool> suppress) {
  PrintOptions& o = print_options();
  if (precision) o.precision = static_cast<int>(*precision);
  if (threshold) o.threshold = *threshold;
  if (edgeitems) o.edgeitems = *edgeitems;
  if (linewidth) o.linewidth = *linewidth;
  if (suppress) o.suppress = *suppress;
}

namespace detail {

template <class T>
int64_t array_size(const ArrayRef<T>& a) {
  int64_t n = 1;
  for (int i = 0; i < a.ndim; ++i) n *= a.shape[i];
  return n;
}

// The values arrayprint's _leading_trailing keeps (all of them when not
// summarising), in any order: only their set matters to the formatters.
template <class T>
std::vector<T> shown_values(const ArrayRef<T>& a, bool summarise) {
  std::vector<T> out;
  std::vector<std::vector<int64_t>> axis_indices(static_cast<size_t>(a.ndim));
  for (int ax = 0; ax < a.ndim; ++ax) {
    const int64_t n = a.shape[ax];
    auto& idx = axis_indices[static_cast<size_t>(ax)];
    const int64_t edge = print_options().edgeitems;
    if (summarise && n > 2 * edge) {
      for (int64_t i = 0; i < edge; ++i) idx.push_back(i);
      for (int64_t i = n - edge; i < n; ++i) idx.push_back(i);
    } else {
      for (int64_t i = 0; i < n; ++i) idx.push_back(i);
    }
  }
  std::vector<size_t> pos(static_cast<size_t>(a.ndim), 0);
  for (;;) {
    int64_t off = 0;
    for (int ax = 0; ax < a.ndim; ++ax)
      off += axis_indices[static_cast<size_t>(ax)][pos[static_cast<size_t>(ax)]] * a.strides[ax];
    out.push_back(a.data[off]);
    int ax = a.ndim - 1;
    for (; ax >= 0; --ax) {
      auto& p = pos[static_cast<size_t>(ax)];
      if (++p < axis_indices[static_cast<size_t>(ax)].size()) break;
      p = 0;
    }
    if (ax < 0) break;
  }
  return out;
}

// ---- element formatters ------------------------------------------------------

struct BoolFormatter {
  bool zero_dim;
  std::string operator()(bool x) const { return x ? (zero_dim ? "True" : " True") : "False"; }
};

template <class T>
struct IntFormatter {
  size_t width = 0;
  explicit IntFormatter(const std::vector<T>& v) {
    if (v.empty()) return;
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    width = std::max(std::to_string(*lo).size(), std::to_string(*hi).size());
  }
  std::string operator()(T x) const {
    std::string s = std::to_string(x);
    if (s.size() < width) s.insert(0, width - s.size(), ' ');
    return s;
  }
};

// NumPy's FloatingFormat for floatmode='maxprec', sign '-', the print options' precision
// and suppress.
template <class T>
struct FloatFormatter {
  bool exp_format = false;
  int precision = print_options().precision;  // max fraction digits (scientific: exact count)
  int pad_left = 0, pad_right = 0, exp_size = -1;

  // Shortest digits of |x| in T, capped at `cap` digits after the point
  // (scientific: after the first digit), trailing zeros trimmed.
  static Decimal capped_positional(T ax, int cap) {
    Decimal d = shortest(ax);
    const int frac = static_cast<int>(d.digits.size()) - d.decpt;
    if (frac > cap) {
      std::string f = fixed(static_cast<double>(ax), cap);
      std::string ip, fp;
      split_point(f, ip, fp);
      while (!fp.empty() && fp.back() == '0') fp.pop_back();
      // Re-express as digits/decpt for positional(): only the text matters.
      d.digits = ip + fp;
      d.decpt = static_cast<int>(ip.size());
      // Drop the leading zeros of "0.000123" so positional() renders it.
      size_t lead = 0;
      while (lead + 1 < d.digits.size() && d.digits[lead] == '0') ++lead;
      if (lead) {
        d.digits.erase(0, lead);
        d.decpt -= static_cast<int>(lead);
      }
    }
    return d;
  }
  // The exact integer value of an integral |x| as digits.
  static Decimal exact_integer(T ax) {
    Decimal d;
    d.digits = fixed(static_cast<double>(ax), 0);
    d.decpt = static_cast<int>(d.digits.size());
    return d;
  }
  static Decimal capped_scientific(T ax, int cap) {
    Decimal d = shortest(ax);
    if (static_cast<int>(d.digits.size()) - 1 > cap) {
      d = significant(static_cast<double>(ax), cap + 1);
      strip_trailing_zeros(d.digits);
    }
    return d;
  }

  explicit FloatFormatter(const std::vector<T>& data) {
    std::vector<T> finite;
    for (T x : data)
      if (std::isfinite(x)) finite.push_back(x);
    bool have_nonzero = false;
    T max_val = 0, min_val = 0;
    for (T x : finite) {
      if (x == 0) continue;
      const T ax = std::fabs(x);
      if (!have_nonzero) {
        max_val = min_val = ax;
        have_nonzero = true;
      } else {
        max_val = std::max(max_val, ax);
        min_val = std::min(min_val, ax);
      }
    }
    if (have_nonzero) {
      // NumPy compares the np.float32 max/min with Python floats in double
      // (so float32(1e-4), just below 1e-4, counts as small), but divides
      // two float32 scalars in float32 (overflow -> inf).
      const T ratio = max_val / min_val;
      exp_format = static_cast<double>(max_val) >= 1.e8 ||
                   (!print_options().suppress &&
                    (static_cast<double>(min_val) < 0.0001 || static_cast<double>(ratio) > 1000.));
    }
    if (finite.empty()) {
      pad_left = pad_right = 0;
    } else if (exp_format) {
      int max_frac = 0, max_int = 0, max_exp = 0;
      for (T x : finite) {
        const Decimal d = capped_scientific(std::fabs(x), precision);
        max_frac = std::max(max_frac, static_cast<int>(d.digits.size()) - 1);
        max_int = std::max(max_int, std::signbit(x) ? 2 : 1);
        max_exp = std::max(max_exp, static_cast<int>(exponent_text(d.decpt - 1).size()) - 1);
      }
      precision = max_frac;
      exp_size = max_exp;
      pad_left = max_int;
      pad_right = exp_size + 2 + precision;
    } else {
      for (T x : finite) {
        const std::string s = positional(capped_positional(std::fabs(x), precision));
        const int dot = static_cast<int>(s.find('.'));
        pad_left = std::max(pad_left, dot + (std::signbit(x) ? 1 : 0));
        pad_right = std::max(pad_right, static_cast<int>(s.size()) - dot - 1);
      }
    }
    if (finite.size() != data.size()) {
      bool neginf = false;
      for (T x : data)
        if (std::isinf(x) && x < 0) neginf = true;
      const int offset = pad_right + 1;
      pad_left = std::max({pad_left, 3 - offset, 3 + (neginf ? 1 : 0) - offset});
    }
  }

  std::string operator()(T x) const {
    auto left_pad = [](std::string s, int width) {
      if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<size_t>(width) - s.size(), ' ');
      return s;
    };
    if (!std::isfinite(x)) {
      std::string r = std::isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
      return left_pad(r, pad_left + pad_right + 1);
    }
    const T ax = std::fabs(x);
    const std::string sign = std::signbit(x) ? "-" : "";
    if (exp_format) {
      Decimal d = shortest(ax);
      if (static_cast<int>(d.digits.size()) - 1 != precision)
        d = significant(static_cast<double>(ax), precision + 1);
      std::string mant = sign + d.digits.substr(0, 1);
      return left_pad(mant, pad_left) + "." + d.digits.substr(1) + "e" +
             exponent_text(d.decpt - 1, exp_size);
    }
    // Unlike the sizing pass, NumPy prints with min_digits=0, which makes
    // Dragon4 emit every integer digit exactly: float32 81785448 prints as
    // "81785448." where its shortest digits would give "81785450.".
    Decimal d = capped_positional(ax, precision);
    if (d.decpt > static_cast<int>(d.digits.size())) d = exact_integer(ax);
    const std::string s = positional(d);
    const size_t dot = s.find('.');
    std::string frac = s.substr(dot + 1);
    if (static_cast<int>(frac.size()) < pad_right) frac.append(static_cast<size_t>(pad_right) - frac.size(), ' ');
    return left_pad(sign + s.substr(0, dot), pad_left) + "." + frac;
  }
};

template <class T>
auto make_element_formatter(const std::vector<T>& shown, bool zero_dim) {
  if constexpr (std::is_same_v<T, bool>) {
    return BoolFormatter{zero_dim};
  } else if constexpr (std::is_floating_point_v<T>) {
    return FloatFormatter<T>(shown);
  } else {
    return IntFormatter<T>(shown);
  }
}

// ---- layout: arrayprint._formatArray ------------------------------------------

inline void extend_line(std::string& s, std::string& line, const std::string& word, int64_t width,
                        const std::string& next_line_prefix) {
  bool wrap = static_cast<int64_t>(line.size() + word.size()) > width;
  if (line.size() <= next_line_prefix.size()) wrap = false;  // wrapping would not help
  if (wrap) {
    size_t end = line.find_last_not_of(' ');
    s += line.substr(0, end == std::string::npos ? 0 : end + 1);
    s += '\n';
    line = next_line_prefix;
  }
  line += word;
}

template <class T, class Fmt>
struct ArrayLayout {
  const ArrayRef<T>& a;
  const Fmt& fmt;
  std::string separator;
  bool summarise;

  std::string recurse(int axis, int64_t offset, const std::string& hanging, int64_t width) const {
    if (axis == a.ndim) return fmt(a.data[offset]);
    const int axes_left = a.ndim - axis;
    const std::string next_hanging = hanging + " ";
    const int64_t next_width = width - 1;  // room for the closing ']'
    const int64_t n = a.shape[axis];
    const int64_t stride = a.strides[axis];
    const int64_t edge = print_options().edgeitems;
    const bool show_summary = summarise && 2 * edge < n;
    const int64_t leading = show_summary ? edge : 0;
    const int64_t trailing = show_summary ? edge : n;
    std::string s;
    if (axes_left == 1) {
      // Both separators rstrip to at most one character, as does ']'.
      const int64_t elem_width = width - 1;
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extend_line(s, line, recurse(axis + 1, offset + i * stride, next_hanging, next_width),
                    elem_width, hanging);
        line += separator;
      }
      if (show_summary) {
        extend_line(s, line, "...", elem_width, hanging);
        line += separator;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extend_line(s, line, recurse(axis + 1, offset + (n - i) * stride, next_hanging, next_width),
                    elem_width, hanging);
        line += separator;
      }
      extend_line(s, line, recurse(axis + 1, offset + (n - 1) * stride, next_hanging, next_width),
                  elem_width, hanging);
      s += line;
    } else {
      std::string line_sep = separator;
      while (!line_sep.empty() && line_sep.back() == ' ') line_sep.pop_back();
      line_sep.append(static_cast<size_t>(axes_left - 1), '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += hanging + recurse(axis + 1, offset + i * stride, next_hanging, next_width) + line_sep;
      if (show_summary) s += hanging + "..." + line_sep;
      for (int64_t i = trailing; i > 1; --i)
        s += hanging + recurse(axis + 1, offset + (n - i) * stride, next_hanging, next_width) +
             line_sep;
      s += hanging + recurse(axis + 1, offset + (n - 1) * stride, next_hanging, next_width);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }
};

// arrayprint._array2string for a non-empty array.
template <class T>
std::string array_to_string(const ArrayRef<T>& a, std::string_view separator, std::string_view prefix,
                            int64_t line_width) {
  const bool summarise = static_cast<double>(array_size(a)) > print_options().threshold;
  const std::vector<T> shown = shown_values(a, summarise);
  const auto fmt = make_element_formatter(shown, a.ndim == 0);
  ArrayLayout<T, decltype(fmt)> layout{a, fmt, std::string(separator), summarise};
  const std::string hanging = " " + std::string(prefix.size(), ' ');
  return layout.recurse(0, 0, hanging, line_width);
}

}  // namespace detail

// str(arr) / print(arr).
template <class T>
std::string array_str(ArrayRef<T> a) {
  if (a.ndim == 0) return str(NpScalar<T>{a.data[0]});  // a 0-d array prints as its scalar
  if (detail::array_size(a) == 0) return "[]";
  return detail::array_to_string(a, " ", "", print_options().linewidth);
}

// repr(arr).
template <class T>
std::string array_repr(ArrayRef<T> a) {
  const std::string_view type_name = numpy_type_name<T>();
  const int64_t size = detail::array_size(a);
  const bool implied = type_name == "int64" || type_name == "float64" || type_name == "bool";
  const bool skip_dtype = implied && size > 0;
  const std::string prefix = "array(";
  const std::string suffix = skip_dtype ? ")" : ",";
  std::string lst;
  if (size > 0) {
    lst = detail::array_to_string(a, ", ", prefix,
                                  print_options().linewidth - static_cast<int64_t>(suffix.size()));
  } else if (a.ndim == 1) {
    lst = "[]";
  } else {
    lst = "[], shape=(";
    for (int i = 0; i < a.ndim; ++i) {
      if (i) lst += ", ";
      lst += std::to_string(a.shape[i]);
    }
    lst += a.ndim == 1 ? ",)" : ")";
  }
  std::string out = prefix + lst + suffix;
  if (skip_dtype) return out;
  const std::string dtype_str = "dtype=" + std::string(type_name) + ")";
  const size_t nl = out.rfind('\n');
  const int64_t last_line_len = static_cast<int64_t>(out.size() - (nl == std::string::npos ? 0 : nl + 1));
  if (last_line_len + static_cast<int64_t>(dtype_str.size()) + 1 > print_options().linewidth)
    return out + "\n" + std::string(prefix.size(), ' ') + dtype_str;
  return out + " " + dtype_str;
}

// The generic spellings, so code printing any value can call str()/repr().
template <class T>
std::string str(ArrayRef<T> a) {
  return array_str(a);
}
template <class T>
std::string repr(ArrayRef<T> a) {
  return array_repr(a);
}

// An array as an argument of format_string/percent_format ("{}".format(arr)).
template <class T>
PyObjectText array_text(ArrayRef<T> a) {
  return PyObjectText{array_str(a), array_repr(a), "numpy.ndarray"};
}

}  // namespace py2cuda::host
