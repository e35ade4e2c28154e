// py2cuda host runtime: Python's list in host code, of one element type.
//
// `List<T>` has Python's reference semantics (`b = a` names the same list, `a.append`
// is seen through `b`), its negative indices and slices, its error messages, and
// its printing: `[1, 2.5]`, `['add', 'mul']`, nested lists, arrays by their repr.
// Elements are the C++ types the translator gives Python values: int64_t for an
// int, double for a float, std::string for a str, NDArray for an array, List for a list.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../slice.h"
#include "../tuple.h"
#include "exceptions.h"
#include "iterate.h"
#include "key_order.h"
#include "ndarray.h"
#include "print.h"

namespace py2cuda::host {

template <class T>
class List {
 public:
  using value_type = T;

  List() : items_(std::make_shared<std::vector<T>>()) {}
  List(std::initializer_list<T> items) : items_(std::make_shared<std::vector<T>>(items)) {}
  explicit List(std::vector<T> items) : items_(std::make_shared<std::vector<T>>(std::move(items))) {}
  // A list of ints where a list of floats is wanted (Numba unifies the two): a copy.
  template <class U>
    requires(!std::is_same_v<U, T>)
  List(const List<U>& other) : List() {
    items_->reserve(other.items().size());
    for (const U& x : other.items()) items_->push_back(T(x));
  }

  int64_t size() const { return static_cast<int64_t>(items_->size()); }
  const std::vector<T>& items() const { return *items_; }

  T at(int64_t i) const { return (*items_)[position(i, "list index out of range")]; }
  void set(int64_t i, T value) { (*items_)[position(i, "list assignment index out of range")] = std::move(value); }

  void append(T value) { items_->push_back(std::move(value)); }
  template <class Items>
  void extend(const Items& items) {
    if constexpr (std::is_same_v<Items, List>) {
      const std::vector<T> copy = items.items();  // xs.extend(xs) doubles xs
      items_->insert(items_->end(), copy.begin(), copy.end());
    } else {
      for_each_item(items, [&](const auto& v) { items_->push_back(T(v)); });
    }
  }
  void insert(int64_t i, T value) {
    const int64_t n = size();
    if (i < 0) i = std::max<int64_t>(i + n, 0);
    i = std::min(i, n);
    items_->insert(items_->begin() + i, std::move(value));
  }
  T pop() {
    if (items_->empty()) throw IndexError("pop from empty list");
    T last = items_->back();
    items_->pop_back();
    return last;
  }
  T pop(int64_t i) {
    if (items_->empty()) throw IndexError("pop from empty list");
    const int64_t at = position(i, "pop index out of range");
    T value = (*items_)[at];
    items_->erase(items_->begin() + at);
    return value;
  }
  int64_t index(const T& value) const {
    for (int64_t i = 0; i < size(); ++i) {
      if (python_equal((*items_)[i], value)) return i;
    }
    throw ValueError(repr(value) + " is not in list");
  }
  void remove(const T& value) {
    for (int64_t i = 0; i < size(); ++i) {
      if (python_equal((*items_)[i], value)) {
        items_->erase(items_->begin() + i);
        return;
      }
    }
    throw ValueError("list.remove(x): x not in list");
  }
  int64_t count(const T& value) const {
    return static_cast<int64_t>(
        std::count_if(items_->begin(), items_->end(), [&](const T& item) { return python_equal(item, value); }));
  }
  bool contains(const T& value) const {
    return std::any_of(items_->begin(), items_->end(), [&](const T& item) { return python_equal(item, value); });
  }
  void reverse() { std::reverse(items_->begin(), items_->end()); }
  void clear() { items_->clear(); }
  List copy() const { return List(*items_); }
  // list.sort(reverse=...): stable, equal elements keep their order either way.
  void sort(bool descending = false) {
    std::vector<T>& v = *items_;
    if constexpr (std::is_same_v<T, bool>) {
      const auto trues = std::count(v.begin(), v.end(), true);
      const auto falses = static_cast<int64_t>(v.size()) - trues;
      std::fill(v.begin(), v.end(), descending);
      std::fill(v.begin() + (descending ? trues : falses), v.end(), !descending);
    } else if (descending) {
      std::stable_sort(v.begin(), v.end(), [](const T& a, const T& b) { return python_less(b, a); });
    } else {
      std::stable_sort(v.begin(), v.end(), [](const T& a, const T& b) { return python_less(a, b); });
    }
  }
  // list.sort(key=f, reverse=...)
  template <class Key>
  void sort(Key key, bool descending) {
    sort_by_key(*items_, key, descending);
  }
  // xs[start:stop:step]: a new list.
  List slice(const py2cuda::Slice& s) const {
    const py2cuda::SliceRange r = py2cuda::resolve_slice(s, size());
    List out;
    out.items_->reserve(static_cast<size_t>(r.length));
    for (int64_t k = 0; k < r.length; ++k) out.items_->push_back((*items_)[r.start + k * r.step]);
    return out;
  }

  // del xs[i]
  void erase(int64_t i) { items_->erase(items_->begin() + position(i, "list assignment index out of range")); }
  // del xs[start:stop:step]
  void erase(const py2cuda::Slice& s) {
    const py2cuda::SliceRange r = py2cuda::resolve_slice(s, size());
    std::vector<bool> gone(items_->size(), false);
    for (int64_t k = 0; k < r.length; ++k) gone[static_cast<size_t>(r.start + k * r.step)] = true;
    std::vector<T> kept;
    kept.reserve(items_->size() - static_cast<size_t>(r.length));
    for (size_t i = 0; i < items_->size(); ++i) {
      if (!gone[i]) kept.push_back(std::move((*items_)[i]));
    }
    *items_ = std::move(kept);
  }
  // xs[start:stop] = items replaces that run by the items, of any number; with a step other
  // than 1 (an extended slice) the numbers must agree, as Python's ValueError says.
  template <class Items>
  void assign(const py2cuda::Slice& s, const Items& items) {
    std::vector<T> values;  // taken first: `xs[1:] = xs` reads the list before it changes
    for_each_item(items, [&](const auto& v) { values.push_back(T(v)); });
    const py2cuda::SliceRange r = py2cuda::resolve_slice(s, size());
    if (r.step == 1) {
      auto first = items_->begin() + r.start;
      items_->erase(first, first + r.length);
      items_->insert(items_->begin() + r.start, values.begin(), values.end());
      return;
    }
    if (static_cast<int64_t>(values.size()) != r.length) {
      throw ValueError("attempt to assign sequence of size " + std::to_string(values.size()) +
                       " to extended slice of size " + std::to_string(r.length));
    }
    for (int64_t k = 0; k < r.length; ++k) (*items_)[static_cast<size_t>(r.start + k * r.step)] = std::move(values[k]);
  }

  friend List operator+(const List& a, const List& b) {
    List out(*a.items_);
    out.items_->insert(out.items_->end(), b.items_->begin(), b.items_->end());
    return out;
  }
  // `a is b`: the same list object.
  bool is(const List& other) const { return items_ == other.items_; }
  friend bool operator==(const List& a, const List& b) {
    return std::equal(a.items_->begin(), a.items_->end(), b.items_->begin(), b.items_->end(),
                      [](const T& x, const T& y) { return python_equal(x, y); });
  }
  friend bool operator!=(const List& a, const List& b) { return !(a == b); }
  // Python's order of lists: item by item, the first unequal pair deciding, else the shorter first.
  friend bool operator<(const List& a, const List& b) {
    return std::lexicographical_compare(a.items_->begin(), a.items_->end(), b.items_->begin(), b.items_->end(),
                                        [](const T& x, const T& y) { return python_less(x, y); });
  }
  friend bool operator>(const List& a, const List& b) { return b < a; }
  friend bool operator<=(const List& a, const List& b) { return !(b < a); }
  friend bool operator>=(const List& a, const List& b) { return !(a < b); }

 private:
  int64_t position(int64_t i, const char* message) const {
    const int64_t n = size();
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw IndexError(message);
    return i;
  }
  std::shared_ptr<std::vector<T>> items_;
};

// xs * n and n * xs
template <class T>
List<T> repeat(const List<T>& xs, int64_t n) {
  std::vector<T> out;
  for (int64_t k = 0; k < n; ++k) out.insert(out.end(), xs.items().begin(), xs.items().end());
  return List<T>(std::move(out));
}

template <class T>
int64_t len(const List<T>& xs) {
  return xs.size();
}

template <class T>
std::string repr(const List<T>& xs) {
  std::string out = "[";
  for (int64_t i = 0; i < xs.size(); ++i) {
    if (i) out += ", ";
    out += repr(xs.at(i));
  }
  return out + "]";
}
template <class T>
std::string str(const List<T>& xs) {
  return repr(xs);
}
template <class T>
std::string format(const List<T>& xs, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to list.__format__");
  return repr(xs);
}

// A tuple of one element type whose length is known only when the program runs: each of the
// tuples `zip(*pairs)` gives. A List to everything that reads it, printed as a tuple.
template <class T>
class SizedTuple : public List<T> {
 public:
  SizedTuple() = default;
  SizedTuple(const List<T>& items) : List<T>(items) {}
};
template <class T>
std::string repr(const SizedTuple<T>& t) {
  std::string out = "(";
  for (int64_t i = 0; i < t.size(); ++i) {
    if (i) out += ", ";
    out += repr(t.at(i));
  }
  return out + (t.size() == 1 ? ",)" : ")");
}
template <class T>
std::string str(const SizedTuple<T>& t) {
  return repr(t);
}
template <class T>
std::string format(const SizedTuple<T>& t, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to tuple.__format__");
  return repr(t);
}

// zip(*pairs) of a list of k-tuples: k tuples, the i-th holding every pair's i-th value. An empty
// list gives no tuple at all, which unpacking into k names reports as Python does.
template <class... T>
py2cuda::tuple<SizedTuple<T>...> unzip(const List<py2cuda::tuple<T...>>& rows, int64_t names) {
  if (rows.size() == 0 && names > 0) {
    throw ValueError("not enough values to unpack (expected " + std::to_string(names) + ", got 0)");
  }
  py2cuda::tuple<SizedTuple<T>...> out;
  for (int64_t r = 0; r < rows.size(); ++r) {
    const auto row = rows.at(r);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (py2cuda::get<I>(out).append(py2cuda::get<I>(row)), ...);
    }(std::index_sequence_for<T...>{});
  }
  return out;
}

// zip(*rows) of a list of lists: the i-th tuple holds every row's i-th value, for each i that
// every row has (as zip stops at the shortest); no rows give no tuples.
template <class Row>
List<SizedTuple<typename Row::value_type>> transpose_rows(const List<Row>& rows) {
  List<SizedTuple<typename Row::value_type>> out;
  if (rows.size() == 0) return out;
  int64_t columns = rows.at(0).size();
  for (int64_t r = 1; r < rows.size(); ++r) columns = std::min(columns, rows.at(r).size());
  for (int64_t i = 0; i < columns; ++i) {
    SizedTuple<typename Row::value_type> column;
    for (int64_t r = 0; r < rows.size(); ++r) column.append(rows.at(r).at(i));
    out.append(column);
  }
  return out;
}

// sep.join(xs) of a list of str.
template <class T>
std::string join_list(const std::string& sep, const List<T>& xs) {
  std::string out;
  for (int64_t i = 0; i < xs.size(); ++i) {
    if (i) out += sep;
    out += xs.at(i);
  }
  return out;
}

// `first, *rest = xs`: Python's error when xs has fewer values than the names around the star.
template <class T>
void check_unpack_at_least(const List<T>& xs, int64_t n) {
  if (xs.size() < n) {
    throw PyException("ValueError", "not enough values to unpack (expected at least " + std::to_string(n) + ", got " +
                                        std::to_string(xs.size()) + ")");
  }
}

// `a, b, c = xs` of a list or an array: Python's errors when the count differs.
inline void check_unpack_count(int64_t have, int64_t n) {
  if (have > n) throw PyException("ValueError", "too many values to unpack (expected " + std::to_string(n) + ")");
  if (have < n) {
    throw PyException("ValueError", "not enough values to unpack (expected " + std::to_string(n) + ", got " +
                                        std::to_string(have) + ")");
  }
}
template <class T>
void check_unpack(const List<T>& xs, int64_t n) {
  check_unpack_count(xs.size(), n);
}
template <class T, int N>
void check_unpack(const NDArray<T, N>& a, int64_t n) {
  check_unpack_count(a.shape(0), n);
}

// Python iterates a list by index: what the loop appends is visited too.
template <class T, class F>
void for_each_item(const List<T>& xs, F&& f) {
  for (int64_t i = 0; i < xs.size(); ++i) f(xs.at(i));
}

// zip(a, b, ...) and enumerate(xs, start) as comprehensions iterate them. A string literal
// (zip(range(3), "abc")) is held as a std::string: its items are its characters.
template <class Items>
using HeldItems = std::conditional_t<std::is_array_v<Items>, std::string, Items>;
template <class... Items>
struct Zipped {
  py2cuda::tuple<Items...> parts;
};
template <class... Items>
Zipped<HeldItems<Items>...> zip(const Items&... parts) {
  return {py2cuda::tuple<HeldItems<Items>...>{HeldItems<Items>(parts)...}};
}
template <class Items>
struct Enumerated {
  Items items;
  int64_t start;
};
template <class Items>
Enumerated<HeldItems<Items>> enumerate(const Items& items, int64_t start = 0) {
  return {HeldItems<Items>(items), start};
}

namespace detail {
template <class Items>
std::vector<std::decay_t<decltype(std::declval<const Items&>().at(0))>> gather(const Items& items) {
  std::vector<std::decay_t<decltype(std::declval<const Items&>().at(0))>> out;
  for_each_item(items, [&](const auto& v) { out.push_back(v); });
  return out;
}
template <class T>
std::vector<T> gather(const NDArray<T, 1>& a) {
  std::vector<T> out;
  for_each_item(a, [&](const T& v) { out.push_back(v); });
  return out;
}
inline std::vector<std::string> gather(const std::string& s) {
  std::vector<std::string> out;
  for_each_item(s, [&](const std::string& c) { out.push_back(c); });
  return out;
}
inline std::vector<int64_t> gather(const Range& r) {
  std::vector<int64_t> out;
  for_each_item(r, [&](int64_t v) { out.push_back(v); });
  return out;
}
template <class... T>
auto gather(const py2cuda::tuple<T...>& t) {
  using E = std::common_type_t<T...>;
  std::vector<E> out;
  for_each_item(t, [&](const auto& v) { out.push_back(E(v)); });
  return out;
}
}  // namespace detail

template <class... Items, class F>
void for_each_item(const Zipped<Items...>& z, F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto columns = py2cuda::make_tuple(detail::gather(py2cuda::get<I>(z.parts))...);
    const size_t n = std::min({py2cuda::get<I>(columns).size()...});
    for (size_t k = 0; k < n; ++k) f(py2cuda::make_tuple(py2cuda::get<I>(columns)[k]...));
  }(std::index_sequence_for<Items...>{});
}
template <class Items, class F>
void for_each_item(const Enumerated<Items>& e, F&& f) {
  int64_t i = e.start;
  for_each_item(e.items, [&](const auto& v) { f(py2cuda::make_tuple(i++, v)); });
}

// [value(v) for v in items if keep(v)]: `keep` is nullptr when there is no `if`.
template <class R, class Items, class Keep, class Value>
List<R> list_each(const Items& items, Keep keep, Value value) {
  List<R> out;
  for_each_item(items, [&](const auto& v) {
    if constexpr (!std::is_null_pointer_v<Keep>) {
      if (!keep(v)) return;
    }
    out.append(R(value(v)));
  });
  return out;
}
// [x for a in A for x in inner(a)]: the lists of the inner clauses, joined.
template <class R, class Items, class Keep, class Inner>
List<R> list_each_flat(const Items& items, Keep keep, Inner inner) {
  List<R> out;
  for_each_item(items, [&](const auto& v) {
    if constexpr (!std::is_null_pointer_v<Keep>) {
      if (!keep(v)) return;
    }
    out.extend(inner(v));
  });
  return out;
}

// list(items): list(range(n)), list(a_tuple), list(an_array), list(other_list) (a copy).
template <class R, class Items>
List<R> to_list(const Items& items) {
  List<R> out;
  for_each_item(items, [&](const auto& v) { out.append(R(v)); });
  return out;
}

// reversed(items) where a list is made of it (list(reversed(xs)), a comprehension over it).
template <class R, class Items>
List<R> reversed_list(const Items& items) {
  List<R> out = to_list<R>(items);
  out.reverse();
  return out;
}

// sorted(items, reverse=...): a new list.
template <class R, class Items>
List<R> sorted(const Items& items, bool descending = false) {
  List<R> out = to_list<R>(items);
  out.sort(descending);
  return out;
}

// sorted(items, key=f, reverse=...)
template <class R, class Items, class Key>
List<R> sorted(const Items& items, Key key, bool descending = false) {
  List<R> out = to_list<R>(items);
  out.sort(key, descending);
  return out;
}

// max(items, key=f) / min(items, key=f): the first item whose key is the largest (smallest).
template <class R, class Items, class Key>
R max(const Items& items, Key key) {
  return extreme_by_key(to_list<R>(items).items(), key, true);
}
template <class R, class Items, class Key>
R min(const Items& items, Key key) {
  return extreme_by_key(to_list<R>(items).items(), key, false);
}

template <class T>
bool contains(const List<T>& xs, const T& value) {
  return xs.contains(value);
}

// max(xs) / min(xs): the first of the largest (smallest), as Python's builtins.
template <class T>
T max(const List<T>& xs) {
  if (xs.size() == 0) throw ValueError("max() arg is an empty sequence");
  T best = xs.at(0);
  for (int64_t i = 1; i < xs.size(); ++i) {
    if (python_less(best, xs.at(i))) best = xs.at(i);
  }
  return best;
}
template <class T>
T min(const List<T>& xs) {
  if (xs.size() == 0) throw ValueError("min() arg is an empty sequence");
  T best = xs.at(0);
  for (int64_t i = 1; i < xs.size(); ++i) {
    if (python_less(xs.at(i), best)) best = xs.at(i);
  }
  return best;
}
// sum(xs): left to right from the int 0 (R: int64_t for ints and bools, else the elements'),
// sum(xs, start) from start.
template <class R, class T>
R sum(const List<T>& xs, R start = 0) {
  R total = start;
  for (const T& x : xs.items()) total += x;
  return total;
}
template <class T>
bool any(const List<T>& xs) {
  for (const T& x : xs.items()) {
    if (x) return true;
  }
  return false;
}
template <class T>
bool all(const List<T>& xs) {
  for (const T& x : xs.items()) {
    if (!x) return false;
  }
  return true;
}

// np.array(xs) / np.asarray(xs): a new array of NumPy's dtype for the elements (R), the
// list's length first, then the elements' own shape (a list of lists or of arrays).
namespace detail {
template <class T>
struct ListShape {
  static constexpr int ndim = 0;
  static void shape(const T&, int64_t*) {}
  template <class R>
  static void copy(const T& x, R*& out) {
    *out++ = static_cast<R>(x);
  }
};
template <class T, int N>
struct ListShape<NDArray<T, N>> {
  static constexpr int ndim = N;
  static void shape(const NDArray<T, N>& a, int64_t* out) {
    for (int d = 0; d < N; ++d) out[d] = a.shape(d);
  }
  template <class R>
  static void copy(const NDArray<T, N>& a, R*& out) {
    NDArray<T, N> c = a.copy();
    for (int64_t k = 0; k < c.size(); ++k) *out++ = static_cast<R>(c.data()[k]);
  }
};
template <class T>
struct ListShape<List<T>> {
  static constexpr int ndim = 1 + ListShape<T>::ndim;
  static void shape(const List<T>& xs, int64_t* out) {
    out[0] = xs.size();
    if constexpr (ListShape<T>::ndim > 0) {
      int64_t inner[ListShape<T>::ndim > 0 ? ListShape<T>::ndim : 1] = {};
      for (int64_t i = 0; i < xs.size(); ++i) {
        ListShape<T>::shape(xs.at(i), inner);
        if (i == 0) std::copy(inner, inner + ListShape<T>::ndim, out + 1);
        if (!std::equal(inner, inner + ListShape<T>::ndim, out + 1)) {
          throw ValueError(
              "setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 "
              "dimensions. The detected shape was (" + std::to_string(xs.size()) + ",) + inhomogeneous part.");
        }
      }
      if (xs.size() == 0) std::fill(out + 1, out + ndim, 0);
    }
  }
  template <class R>
  static void copy(const List<T>& xs, R*& out) {
    for (const T& x : xs.items()) ListShape<T>::copy(x, out);
  }
};
}  // namespace detail

template <class R, class T>
auto array_of_list(const List<T>& xs) {
  constexpr int N = detail::ListShape<List<T>>::ndim;
  std::array<int64_t, N> shape{};
  detail::ListShape<List<T>>::shape(xs, shape.data());
  NDArray<R, N> out(shape);
  R* at = out.data();
  detail::ListShape<List<T>>::copy(xs, at);
  return out;
}

}  // namespace py2cuda::host
