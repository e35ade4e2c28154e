// py2cuda host runtime: print(), str(), repr() and format() of the values translated
// host code holds, as CPython with NumPy 1.26 prints them.
//
// The translator types every value statically; the C++ type says which Python type it
// stands for: double is a Python float (np.float64 prints the same), every integer
// type an int (np.int32 prints as one), bool a bool, std::string a str, and float an
// np.float32 scalar, whose str() has float32's own shortest digits. Arrays print as
// NumPy's str/repr; tuples as Python's.
#pragma once

#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../tuple.h"
#include "ndarray.h"
#include "pyformat.h"

namespace py2cuda::host {

// A C++ float in host code is an np.float32 scalar: an element read from a float32
// array or computed from float32 values.
inline std::string str(float x) { return str(NpScalar<float>{x}); }
inline std::string repr(float x) { return repr(NpScalar<float>{x}); }
// format(np.float32, spec) and f"{x}": NumPy converts to a Python float first.
inline std::string format(float x, std::string_view spec) { return format(NpScalar<float>{x}, spec); }

template <class T, int N>
ArrayRef<T> array_ref(const NDArray<T, N>& a) {
  return ArrayRef<T>{a.data(), N, a.shape().data(), a.strides().data()};
}

template <class T, int N>
std::string str(const NDArray<T, N>& a) {
  return array_str(array_ref(a));
}
template <class T, int N>
std::string repr(const NDArray<T, N>& a) {
  return array_repr(array_ref(a));
}
template <class T, int N>
std::string format(const NDArray<T, N>& a, std::string_view spec) {
  if (!spec.empty()) throw PyException("TypeError", "unsupported format string passed to numpy.ndarray.__format__");
  return str(a);
}

// Tuples: repr of each element, "(x,)" for one.
template <class... T>
std::string repr(const py2cuda::tuple<T...>& t) {
  std::string out = "(";
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((out += (I ? ", " : "") + repr(py2cuda::get<I>(t))), ...);
  }(std::index_sequence_for<T...>{});
  return out + (sizeof...(T) == 1 ? ",)" : ")");
}
template <class... T>
std::string str(const py2cuda::tuple<T...>& t) {
  return repr(t);
}
template <class... T>
std::string format(const py2cuda::tuple<T...>& t, std::string_view spec) {
  if (!spec.empty()) throw PyException("TypeError", "unsupported format string passed to tuple.__format__");
  return repr(t);
}

// f-strings: the pieces of the text, each already a string.
template <class... S>
std::string concat(const S&... pieces) {
  std::string out;
  (out.append(pieces), ...);
  return out;
}

// 'ab' * n
inline std::string repeat(const std::string& s, int64_t n) {
  std::string out;
  for (int64_t i = 0; i < n; ++i) out += s;
  return out;
}

// The same, for pieces that had to be made in order (a braced list is evaluated left to
// right; a call's arguments are not).
inline std::string concat_in_order(std::initializer_list<std::string> pieces) {
  std::string out;
  for (const std::string& p : pieces) out += p;
  return out;
}

inline int64_t len(const std::string& s) { return static_cast<int64_t>(detail::code_point_count(s)); }

namespace detail {
inline void write_stdout(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }
}  // namespace detail

// print(*xs) of a list or 1-D array: the text of each item, each one of print's values.
struct Spread {
  std::vector<std::string> texts;
};

template <class Items>
Spread spread(const Items& items) {
  Spread out;
  for_each_item(items, [&](const auto& x) { out.texts.push_back(str(x)); });
  return out;
}

namespace detail {
// Appends one value of print(), or each item of a spread one, with `sep` before all but the first.
template <class V>
void append_printed(std::string& line, std::size_t& i, const std::string& sep, const V& v) {
  if constexpr (std::is_same_v<V, Spread>) {
    for (const std::string& t : v.texts) {
      if (i++) line += sep;
      line += t;
    }
  } else {
    if (i++) line += sep;
    line += str(v);
  }
}
}  // namespace detail

// print(a, b, ...): str() of each value, separated by a space, then a newline.
template <class... V>
void print(const V&... values) {
  std::string line;
  std::size_t i = 0;
  static const std::string space = " ";
  auto one = [&](const auto& v) { detail::append_printed(line, i, space, v); };
  (one(values), ...);
  line += '\n';
  detail::write_stdout(line);
}

// print(..., sep=SEP, end=END)
template <class... V>
void print_with(const std::string& sep, const std::string& end, const V&... values) {
  std::string line;
  std::size_t i = 0;
  auto one = [&](const auto& v) { detail::append_printed(line, i, sep, v); };
  (one(values), ...);
  line += end;
  detail::write_stdout(line);
}

// print()'s values made left to right, as Python evaluates every argument before it prints any:
// a braced list `InOrder{f(a), a}` orders the calls (a function call's arguments are not), and
// the texts are made after the last value, so an array the last call changed prints changed in
// every place it appears.
template <class... V>
struct InOrder {
  std::tuple<V...> values;
  InOrder(V... v) : values(std::move(v)...) {}
};
template <class... V>
InOrder(V...) -> InOrder<V...>;

template <class... V>
void print_in_order(const std::string& sep, const std::string& end, const InOrder<V...>& in_order) {
  std::apply([&](const auto&... v) { print_with(sep, end, v...); }, in_order.values);
}

}  // namespace py2cuda::host

namespace py2cuda::host {

// A list display of values of several types (`[1, 2.5, "x"]`): host code only prints it and
// takes its len(), so it keeps the list's text.
class list {
 public:
  list(std::string text, int64_t size) : text_(std::move(text)), size_(size) {}
  const std::string& text() const { return text_; }
  int64_t size() const { return size_; }

 private:
  std::string text_;
  int64_t size_;
};

inline std::string str(const list& l) { return l.text(); }
inline std::string repr(const list& l) { return l.text(); }
inline std::string format(const list& l, std::string_view spec) {
  if (!spec.empty()) throw PyException("TypeError", "unsupported format string passed to list.__format__");
  return l.text();
}
inline int64_t len(const list& l) { return l.size(); }

}  // namespace py2cuda::host

namespace py2cuda::host {

// A list display's text: [repr(a), repr(b), ...].
template <class... V>
std::string list_repr(const V&... items) {
  std::string out = "[";
  std::size_t i = 0;
  ((out += (i++ ? ", " : "") + repr(items)), ...);
  return out + "]";
}

// A host list, which translated code keeps as the tuple of its values, as Python shows it.
template <class... T>
list as_list(const py2cuda::tuple<T...>& t) {
  std::string text = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return list_repr(py2cuda::get<I>(t)...);
  }(std::index_sequence_for<T...>{});
  return list(std::move(text), static_cast<int64_t>(sizeof...(T)));
}

// A list display of lists of different lengths (`[[1, 2], [3]]`), each kept as a tuple too: bit
// I of Lists says element I is a list, shown in brackets; the others (tuples among them) as
// they are.
template <uint64_t Lists, class... T>
list as_list_of_lists(const py2cuda::tuple<T...>& t) {
  auto item_text = [](const auto& item, auto is_list) {
    if constexpr (decltype(is_list)::value) {
      return as_list(item).text();
    } else {
      return repr(item);
    }
  };
  std::string text = [&]<std::size_t... I>(std::index_sequence<I...>) {
    std::string out = "[";
    ((out += std::string(I ? ", " : "") +
             item_text(py2cuda::get<I>(t), std::bool_constant<((Lists >> I) & 1u) != 0>{})),
     ...);
    return out + "]";
  }(std::index_sequence_for<T...>{});
  return list(std::move(text), static_cast<int64_t>(sizeof...(T)));
}

}  // namespace py2cuda::host
