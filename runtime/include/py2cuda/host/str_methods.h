// py2cuda host runtime: the methods of Python's str that host code calls, indexing,
// slicing and `in`, with CPython's results.
//
// Strings are UTF-8 std::strings; indices, slices, lengths and widths count code points
// as Python does. Case mapping and the character classes (upper, lower, title, isdigit,
// isspace...) follow Python for ASCII and leave other characters as they are, which is
// what programs printing tables and parsing arguments need.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../tuple.h"
#include "exceptions.h"
#include "sys.h"
#include "unicode.h"

namespace py2cuda::host {

namespace detail {

inline std::vector<std::string> code_points(std::string_view s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    const size_t b = i;
    next_code_point(s, i);
    out.emplace_back(s.substr(b, i - b));
  }
  return out;
}

inline bool is_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

inline bool py_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }
inline bool py_upper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool py_lower(char c) { return c >= 'a' && c <= 'z'; }
inline bool py_digit(char c) { return c >= '0' && c <= '9'; }
inline bool py_alpha(char c) { return py_upper(c) || py_lower(c); }

// Code point index -> byte offset, for a start or end of a slice already clamped.
inline size_t byte_offset(std::string_view s, int64_t cp) {
  size_t i = 0;
  for (int64_t k = 0; k < cp && i < s.size(); ++k) next_code_point(s, i);
  return i;
}

template <class Pred>
bool all_chars(const std::string& s, Pred p) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!p(c)) return false;
  }
  return true;
}

inline std::string pad(const std::string& s, int64_t width, const std::string& fill, int64_t left_share) {
  // left_share: -1 all padding on the right (ljust), 1 on the left (rjust), 0 centred as CPython.
  const int64_t n = static_cast<int64_t>(code_point_count(s));
  if (width <= n) return s;
  const int64_t total = width - n;
  int64_t left = left_share < 0 ? 0 : left_share > 0 ? total : total / 2 + (total & width & 1);
  std::string out;
  for (int64_t i = 0; i < left; ++i) out += fill;
  out += s;
  for (int64_t i = 0; i < total - left; ++i) out += fill;
  return out;
}

inline std::string fill_char(const std::string& fill, const char* method) {
  if (code_point_count(fill) != 1) {
    throw TypeError(std::string("The fill character must be exactly one character long"));
  }
  (void)method;
  return fill;
}

}  // namespace detail

// s[i], with Python's wraparound.
inline std::string str_at(const std::string& s, int64_t i) {
  if (detail::is_ascii(s)) {
    const int64_t n = static_cast<int64_t>(s.size());
    if (i < -n || i >= n) throw IndexError("string index out of range");
    return std::string(1, s[static_cast<size_t>(i < 0 ? i + n : i)]);
  }
  const auto cps = detail::code_points(s);
  const int64_t n = static_cast<int64_t>(cps.size());
  if (i < -n || i >= n) throw IndexError("string index out of range");
  return cps[static_cast<size_t>(i < 0 ? i + n : i)];
}

// s[lo:hi:step] with Python's clamping (has_lo/has_hi false for an omitted bound).
inline std::string str_slice(const std::string& s, int64_t lo, bool has_lo, int64_t hi, bool has_hi, int64_t step = 1) {
  if (step == 0) throw ValueError("slice step cannot be zero");
  const bool ascii = detail::is_ascii(s);
  const std::vector<std::string> cps = ascii ? std::vector<std::string>{} : detail::code_points(s);
  const int64_t n = ascii ? static_cast<int64_t>(s.size()) : static_cast<int64_t>(cps.size());
  auto item = [&](int64_t i) { return ascii ? std::string(1, s[static_cast<size_t>(i)]) : cps[static_cast<size_t>(i)]; };
  int64_t b, e;
  if (step > 0) {
    auto clamp = [n](int64_t v) { return v < 0 ? (v + n < 0 ? 0 : v + n) : (v > n ? n : v); };
    b = has_lo ? clamp(lo) : 0;
    e = has_hi ? clamp(hi) : n;
  } else {
    auto clamp = [n](int64_t v) { return v < 0 ? (v + n < 0 ? -1 : v + n) : (v >= n ? n - 1 : v); };
    b = has_lo ? clamp(lo) : n - 1;
    e = has_hi ? clamp(hi) : -1;
  }
  std::string out;
  for (int64_t i = b; step > 0 ? i < e : i > e; i += step) out += item(i);
  return out;
}

// `sub in s`
inline bool str_contains(const std::string& s, const std::string& sub) { return s.find(sub) != std::string::npos; }

inline std::string str_upper(std::string s) {
  for (char& c : s) {
    if (detail::py_lower(c)) c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}
inline std::string str_lower(std::string s) {
  for (char& c : s) {
    if (detail::py_upper(c)) c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}
inline std::string str_swapcase(std::string s) {
  for (char& c : s) {
    if (detail::py_upper(c)) c = static_cast<char>(c - 'A' + 'a');
    else if (detail::py_lower(c)) c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}
// The first letter of each run of letters upper-cased, the rest lower-cased.
inline std::string str_title(std::string s) {
  bool previous_cased = false;
  for (char& c : s) {
    if (detail::py_alpha(c)) {
      c = previous_cased ? str_lower(std::string(1, c))[0] : str_upper(std::string(1, c))[0];
      previous_cased = true;
    } else {
      previous_cased = false;
    }
  }
  return s;
}
inline std::string str_capitalize(const std::string& s) {
  if (s.empty()) return s;
  return str_upper(s.substr(0, 1)) + str_lower(s.substr(1));
}

inline bool str_isdigit(const std::string& s) { return detail::all_chars(s, detail::py_digit); }
inline bool str_isalpha(const std::string& s) { return detail::all_chars(s, detail::py_alpha); }
inline bool str_isalnum(const std::string& s) {
  return detail::all_chars(s, [](char c) { return detail::py_alpha(c) || detail::py_digit(c); });
}
inline bool str_isspace(const std::string& s) { return detail::all_chars(s, detail::py_space); }
inline bool str_isupper(const std::string& s) {
  bool cased = false;
  for (char c : s) {
    if (detail::py_lower(c)) return false;
    cased = cased || detail::py_upper(c);
  }
  return cased;
}
inline bool str_islower(const std::string& s) {
  bool cased = false;
  for (char c : s) {
    if (detail::py_upper(c)) return false;
    cased = cased || detail::py_lower(c);
  }
  return cased;
}

// strip(), lstrip(), rstrip(): whitespace, or any of `chars`.
namespace detail {
inline std::string strip_impl(const std::string& s, const std::string* chars, bool left, bool right) {
  auto strip_it = [&](char c) { return chars ? chars->find(c) != std::string::npos : py_space(c); };
  size_t b = 0, e = s.size();
  if (left)
    while (b < e && strip_it(s[b])) ++b;
  if (right)
    while (e > b && strip_it(s[e - 1])) --e;
  return s.substr(b, e - b);
}
}  // namespace detail
inline std::string str_strip(const std::string& s) { return detail::strip_impl(s, nullptr, true, true); }
inline std::string str_strip(const std::string& s, const std::string& chars) { return detail::strip_impl(s, &chars, true, true); }
inline std::string str_lstrip(const std::string& s) { return detail::strip_impl(s, nullptr, true, false); }
inline std::string str_lstrip(const std::string& s, const std::string& chars) { return detail::strip_impl(s, &chars, true, false); }
inline std::string str_rstrip(const std::string& s) { return detail::strip_impl(s, nullptr, false, true); }
inline std::string str_rstrip(const std::string& s, const std::string& chars) { return detail::strip_impl(s, &chars, false, true); }

inline bool str_startswith(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }
inline bool str_endswith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// find/rfind/index/rindex: the code point index of the first/last match, -1 (or ValueError).
inline int64_t str_find(const std::string& s, const std::string& sub) {
  const size_t at = s.find(sub);
  return at == std::string::npos ? -1 : static_cast<int64_t>(detail::code_point_count(std::string_view(s).substr(0, at)));
}
inline int64_t str_rfind(const std::string& s, const std::string& sub) {
  const size_t at = s.rfind(sub);
  return at == std::string::npos ? -1 : static_cast<int64_t>(detail::code_point_count(std::string_view(s).substr(0, at)));
}
inline int64_t str_index(const std::string& s, const std::string& sub) {
  const int64_t i = str_find(s, sub);
  if (i < 0) throw ValueError("substring not found");
  return i;
}
inline int64_t str_rindex(const std::string& s, const std::string& sub) {
  const int64_t i = str_rfind(s, sub);
  if (i < 0) throw ValueError("substring not found");
  return i;
}
// Non-overlapping occurrences; an empty `sub` matches between every two code points.
inline int64_t str_count(const std::string& s, const std::string& sub) {
  if (sub.empty()) return static_cast<int64_t>(detail::code_point_count(s)) + 1;
  int64_t n = 0;
  for (size_t at = s.find(sub); at != std::string::npos; at = s.find(sub, at + sub.size())) ++n;
  return n;
}

inline std::string str_replace(const std::string& s, const std::string& old, const std::string& repl, int64_t count = -1) {
  std::string out;
  if (old.empty()) {
    // Python inserts `repl` before every code point and at the end.
    const auto cps = detail::code_points(s);
    int64_t done = 0;
    for (const auto& cp : cps) {
      if (count < 0 || done < count) out += repl, ++done;
      out += cp;
    }
    if (count < 0 || done < count) out += repl;
    return out;
  }
  size_t from = 0;
  int64_t done = 0;
  for (size_t at = s.find(old); at != std::string::npos && (count < 0 || done < count); at = s.find(old, from)) {
    out.append(s, from, at - from);
    out += repl;
    from = at + old.size();
    ++done;
  }
  out.append(s, from, std::string::npos);
  return out;
}

// split(): runs of whitespace, no empty strings; split(sep): every separator.
inline str_list str_split(const std::string& s, int64_t maxsplit = -1) {
  std::vector<std::string> out;
  size_t i = 0;
  const size_t n = s.size();
  while (true) {
    while (i < n && detail::py_space(s[i])) ++i;
    if (i == n) break;
    if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
      size_t e = n;
      while (e > i && detail::py_space(s[e - 1])) --e;
      out.push_back(s.substr(i, e - i));
      break;
    }
    size_t b = i;
    while (i < n && !detail::py_space(s[i])) ++i;
    out.push_back(s.substr(b, i - b));
  }
  return str_list(std::move(out));
}
inline str_list str_split(const std::string& s, const std::string& sep, int64_t maxsplit = -1) {
  if (sep.empty()) throw ValueError("empty separator");
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t at = s.find(sep); at != std::string::npos && (maxsplit < 0 || static_cast<int64_t>(out.size()) < maxsplit);
       at = s.find(sep, from)) {
    out.push_back(s.substr(from, at - from));
    from = at + sep.size();
  }
  out.push_back(s.substr(from));
  return str_list(std::move(out));
}

// rsplit(): split() from the right, which differs only when maxsplit stops it.
inline str_list str_rsplit(const std::string& s, int64_t maxsplit = -1) {
  std::vector<std::string> out;
  size_t e = s.size();
  while (true) {
    while (e > 0 && detail::py_space(s[e - 1])) --e;
    if (e == 0) break;
    if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
      out.push_back(s.substr(0, e));  // the rest keeps its leading whitespace, as CPython's
      break;
    }
    size_t b = e;
    while (b > 0 && !detail::py_space(s[b - 1])) --b;
    out.push_back(s.substr(b, e - b));
    e = b;
  }
  return str_list(std::vector<std::string>(out.rbegin(), out.rend()));
}
inline str_list str_rsplit(const std::string& s, const std::string& sep, int64_t maxsplit = -1) {
  if (sep.empty()) throw ValueError("empty separator");
  std::vector<std::string> out;
  size_t end = s.size();
  while (maxsplit < 0 || static_cast<int64_t>(out.size()) < maxsplit) {
    if (end < sep.size()) break;
    const size_t at = s.rfind(sep, end - sep.size());
    if (at == std::string::npos) break;
    out.push_back(s.substr(at + sep.size(), end - at - sep.size()));
    end = at;
  }
  out.push_back(s.substr(0, end));
  return str_list(std::vector<std::string>(out.rbegin(), out.rend()));
}

namespace detail {
// The length of the line boundary at s[i] that str.splitlines() splits at (\n, \r, \r\n, \v,
// \f, \x1c-\x1e, and U+0085, U+2028, U+2029 in UTF-8), or 0.
inline size_t line_break_length(std::string_view s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c == '\r') return i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
  if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) return 1;
  if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85) return 2;
  if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
      (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
    return 3;
  }
  return 0;
}
}  // namespace detail

// splitlines([keepends]): the lines, without their line breaks unless keepends; no empty last
// line after a final break.
inline str_list str_splitlines(const std::string& s, int64_t keepends = 0) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t br = detail::line_break_length(s, i);
    if (br == 0) {
      ++i;
      continue;
    }
    out.push_back(s.substr(start, (keepends ? i + br : i) - start));
    i += br;
    start = i;
  }
  if (start < s.size()) out.push_back(s.substr(start));
  return str_list(std::move(out));
}

// partition(sep) / rpartition(sep): (before, sep, after) at the first / last sep; without one,
// (s, "", "") / ("", "", s).
inline py2cuda::tuple<std::string, std::string, std::string> str_partition(const std::string& s, const std::string& sep) {
  if (sep.empty()) throw ValueError("empty separator");
  const size_t at = s.find(sep);
  if (at == std::string::npos) return {s, std::string(), std::string()};
  return {s.substr(0, at), sep, s.substr(at + sep.size())};
}
inline py2cuda::tuple<std::string, std::string, std::string> str_rpartition(const std::string& s, const std::string& sep) {
  if (sep.empty()) throw ValueError("empty separator");
  const size_t at = s.rfind(sep);
  if (at == std::string::npos) return {std::string(), std::string(), s};
  return {s.substr(0, at), sep, s.substr(at + sep.size())};
}

// removeprefix / removesuffix (Python 3.9).
inline std::string str_removeprefix(const std::string& s, const std::string& prefix) {
  return s.starts_with(prefix) ? s.substr(prefix.size()) : s;
}
inline std::string str_removesuffix(const std::string& s, const std::string& suffix) {
  return !suffix.empty() && s.ends_with(suffix) ? s.substr(0, s.size() - suffix.size()) : s;
}

// sep.join(items)
inline std::string str_join(const std::string& sep, const std::string& characters) {
  std::string out;
  size_t k = 0;
  for (const std::string& c : detail::code_points(characters)) out += (k++ ? sep : std::string()) + c;
  return out;
}
inline std::string str_join(const std::string& sep, const str_list& items) {
  std::string out;
  for (size_t i = 0; i < items.items().size(); ++i) {
    if (i) out += sep;
    out += items.items()[i];
  }
  return out;
}
template <class... S>
std::string str_join(const std::string& sep, const py2cuda::tuple<S...>& items) {
  std::string out;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((out += (I ? sep : std::string()) + std::string(py2cuda::get<I>(items))), ...);
  }(std::index_sequence_for<S...>{});
  return out;
}

inline std::string str_center(const std::string& s, int64_t width, const std::string& fill = " ") {
  return detail::pad(s, width, detail::fill_char(fill, "center"), 0);
}
inline std::string str_ljust(const std::string& s, int64_t width, const std::string& fill = " ") {
  return detail::pad(s, width, detail::fill_char(fill, "ljust"), -1);
}
inline std::string str_rjust(const std::string& s, int64_t width, const std::string& fill = " ") {
  return detail::pad(s, width, detail::fill_char(fill, "rjust"), 1);
}
// zfill: zeros after a leading sign.
inline std::string str_zfill(const std::string& s, int64_t width) {
  const int64_t n = static_cast<int64_t>(detail::code_point_count(s));
  if (width <= n) return s;
  const bool sign = !s.empty() && (s[0] == '+' || s[0] == '-');
  return (sign ? s.substr(0, 1) : "") + std::string(static_cast<size_t>(width - n), '0') + s.substr(sign ? 1 : 0);
}

}  // namespace py2cuda::host
