// py2cuda host runtime: the collections module's dict classes, collections.defaultdict and
// collections.Counter, as Dicts with Python's behaviour for a missing key and their repr().
//
// A DefaultDict's `d[k]` of a missing key stores the factory's value first, V{} (list() an
// empty List, int() 0, float() 0.0, str() "", bool() False) and returns the stored one, so
// `d[k].append(v)` and `d[k] += 1` change the entry. A Counter's `c[k]` of a missing key
// reads 0 and stores nothing; it prints its entries most common first. Both are Dicts
// (handles sharing their entries) for everything else: len, in, loops, get, items...
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../tuple.h"
#include "dict.h"
#include "exceptions.h"
#include "list.h"

namespace py2cuda::host {

namespace detail {
// The name of the class whose call makes a defaultdict's default value: `<class 'list'>`.
template <class V>
constexpr std::string_view factory_name() {
  if constexpr (std::is_same_v<V, bool>) return "bool";
  else if constexpr (std::is_integral_v<V>) return "int";
  else if constexpr (std::is_floating_point_v<V>) return "float";
  else if constexpr (std::is_same_v<V, std::string>) return "str";
  else return "list";
}
}  // namespace detail

template <class K, class V>
class DefaultDict : public Dict<K, V> {
 public:
  DefaultDict() = default;
  DefaultDict(EmptyDict) {}  // `defaultdict(list)`, typed by what it is given later

  // d[k]: a missing key is stored with the default value first.
  V& at(const K& k) const {
    if (!this->contains(k)) this->set(k, V{});
    return Dict<K, V>::at(k);
  }
  DefaultDict copy() const {
    DefaultDict out;
    out.update(*this);
    return out;
  }
};

template <class K>
class Counter : public Dict<K, int64_t> {
 public:
  Counter() = default;
  Counter(EmptyDict) {}

  // c[k]: 0 for a missing key, which stays missing.
  int64_t at(const K& k) const { return this->contains(k) ? Dict<K, int64_t>::at(k) : 0; }
  // c.update(items), Counter(items): one more for each item.
  template <class Items>
  void count_all(const Items& items) const {
    for_each_item(items, [&](const auto& v) {
      const K k(v);
      this->set(k, at(k) + 1);
    });
  }
  // most_common(): the entries by count, descending, ties in insertion order (Python's
  // sorted() and heapq.nlargest() are both stable); most_common(n) the first n of them.
  List<py2cuda::tuple<K, int64_t>> most_common() const { return most_common(this->size()); }
  List<py2cuda::tuple<K, int64_t>> most_common(int64_t n) const {
    std::vector<std::pair<K, int64_t>> entries = this->entries();
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    List<py2cuda::tuple<K, int64_t>> out;
    for (int64_t i = 0; i < std::min<int64_t>(std::max<int64_t>(n, 0), this->size()); ++i) {
      out.append(py2cuda::make_tuple(entries[static_cast<std::size_t>(i)].first, entries[static_cast<std::size_t>(i)].second));
    }
    return out;
  }
  int64_t total() const {
    int64_t sum = 0;
    for (const auto& entry : this->entries()) sum += entry.second;
    return sum;
  }
  Counter copy() const {
    Counter out;
    out.update(*this);
    return out;
  }
};

template <class K, class Items>
Counter<K> counter_of(const Items& items) {
  Counter<K> c;
  c.count_all(items);
  return c;
}

// dict(d) of a defaultdict or a Counter: a plain dict of the same entries.
template <class K, class V>
Dict<K, V> plain_dict(const Dict<K, V>& d) {
  Dict<K, V> out;
  out.update(d);
  return out;
}

// repr(): `defaultdict(<class 'int'>, {'a': 5})`; `Counter({3: 3, 2: 2})`, `Counter()`.
template <class K, class V>
std::string repr(const DefaultDict<K, V>& d) {
  return "defaultdict(<class '" + std::string(detail::factory_name<V>()) + "'>, " +
         repr(static_cast<const Dict<K, V>&>(d)) + ")";
}
template <class K>
std::string repr(const Counter<K>& c) {
  if (c.size() == 0) return "Counter()";
  std::string out = "Counter({";
  const auto entries = c.most_common();
  for (int64_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries.at(i);
    out += (i ? ", " : "") + repr(py2cuda::get<0>(e)) + ": " + repr(py2cuda::get<1>(e));
  }
  return out + "})";
}
template <class K, class V>
std::string str(const DefaultDict<K, V>& d) {
  return repr(d);
}
template <class K>
std::string str(const Counter<K>& c) {
  return repr(c);
}
template <class K, class V>
std::string format(const DefaultDict<K, V>& d, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to collections.defaultdict.__format__");
  return repr(d);
}
template <class K>
std::string format(const Counter<K>& c, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to Counter.__format__");
  return repr(c);
}

}  // namespace py2cuda::host
