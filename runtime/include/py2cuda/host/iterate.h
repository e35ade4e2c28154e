// py2cuda host runtime: what host code's comprehensions iterate, and the two calls that
// take one: sep.join(text for v in xs if cond) and sum(expr for v in xs if cond).
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "../tuple.h"
#include "exceptions.h"
#include "ndarray.h"
#include "range.h"
#include "views.h"

namespace py2cuda::host {

// A str's characters, one-character strings (the UTF-8 bytes of one code point each).
template <class F>
void for_each_item(const std::string& s, F&& f) {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 1;
    while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
    f(s.substr(i, n));
    i += n;
  }
}
template <class T, class F>
void for_each_item(const NDArray<T, 1>& a, F&& f) {
  for (int64_t i = 0; i < a.shape(0); ++i) f(a(i));
}
// NumPy iterates an array over its first axis: each item is a view of one row.
template <class T, int N, class F>
  requires(N > 1)
void for_each_item(const NDArray<T, N>& a, F&& f) {
  for (int64_t i = 0; i < a.shape(0); ++i) f(view(a, i));
}
template <class... T, class F>
void for_each_item(const py2cuda::tuple<T...>& t, F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) { (f(py2cuda::get<I>(t)), ...); }(std::index_sequence_for<T...>{});
}

// `keep` is nullptr (no `if` clause) or a predicate of the item.
template <class Items, class Keep, class Text>
std::string join_each(const std::string& sep, const Items& items, Keep keep, Text text) {
  std::string out;
  bool first = true;
  for_each_item(items, [&](const auto& v) {
    if constexpr (!std::is_null_pointer_v<Keep>) {
      if (!keep(v)) return;
    }
    if (!first) out += sep;
    first = false;
    out += text(v);
  });
  return out;
}

// Python's sum over the items, left to right, from 0 (R: int64_t or double).
template <class R, class Items, class Keep, class Value>
R sum_each(const Items& items, Keep keep, Value value) {
  R total = 0;
  for_each_item(items, [&](const auto& v) {
    if constexpr (!std::is_null_pointer_v<Keep>) {
      if (!keep(v)) return;
    }
    total += value(v);
  });
  return total;
}

}  // namespace py2cuda::host
