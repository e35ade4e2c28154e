// py2cuda host runtime: Python's dict, for host code's dicts of one key type and one
// value type.
//
// A Python dict is a reference: `d2 = d`, a dict passed to a function or stored in
// another dict all name the same object, so Dict is a handle sharing its entries, and
// its mutating methods are const (they change the shared entries, not the handle). The
// entries keep insertion order (iteration, printing and popitem follow it, as CPython's
// do since 3.7); a hash index finds a key's entry. Keys are numbers, bools, strings and
// py2cuda tuples of them. A missing key raises KeyError with the key's repr(), as
// CPython's message is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../optional.h"
#include "../tuple.h"
#include "exceptions.h"
#include "print.h"

namespace py2cuda::host {

namespace detail {

// std::hash for scalars and strings; py2cuda tuples combine their elements' hashes.
struct DictKeyHash {
  template <class K>
  std::size_t operator()(const K& k) const {
    return std::hash<K>{}(k);
  }
  template <class... T>
  std::size_t operator()(const py2cuda::tuple<T...>& t) const {
    std::size_t h = 0x345678;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((h = h * 1000003 ^ (*this)(py2cuda::get<I>(t))), ...);
    }(std::index_sequence_for<T...>{});
    return h;
  }
};

struct DictKeyEqual {
  template <class K>
  bool operator()(const K& a, const K& b) const {
    return a == b;
  }
  template <class... T>
  bool operator()(const py2cuda::tuple<T...>& a, const py2cuda::tuple<T...>& b) const {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return ((*this)(py2cuda::get<I>(a), py2cuda::get<I>(b)) && ...);
    }(std::index_sequence_for<T...>{});
  }
};

}  // namespace detail

template <class K, class V>
class Dict {
 public:
  Dict() : impl_(std::make_shared<Impl>()) {}

  int64_t size() const { return static_cast<int64_t>(impl_->entries.size()); }
  bool contains(const K& k) const { return impl_->index.count(k) != 0; }

  // d[k]: KeyError(repr(k)) when absent.
  V& at(const K& k) const {
    auto it = impl_->index.find(k);
    if (it == impl_->index.end()) throw KeyError(repr(k));
    return impl_->entries[it->second].second;
  }
  // d[k] = v: a new key goes last; an existing one keeps its place.
  void set(const K& k, V v) const {
    auto it = impl_->index.find(k);
    if (it != impl_->index.end()) {
      impl_->entries[it->second].second = std::move(v);
      return;
    }
    impl_->index.emplace(k, impl_->entries.size());
    impl_->entries.emplace_back(k, std::move(v));
  }
  // d.get(k): the value, or None for a missing key.
  py2cuda::Optional<V> get(const K& k) const {
    auto it = impl_->index.find(k);
    if (it == impl_->index.end()) return py2cuda::Optional<V>();
    return py2cuda::Optional<V>(impl_->entries[it->second].second);
  }
  // d.get(k, default)
  V get(const K& k, V fallback) const {
    auto it = impl_->index.find(k);
    return it == impl_->index.end() ? fallback : impl_->entries[it->second].second;
  }
  // d.setdefault(k, default): the value, stored first when absent.
  V setdefault(const K& k, V fallback) const {
    if (!contains(k)) set(k, std::move(fallback));
    return at(k);
  }
  // del d[k]
  void erase(const K& k) const {
    auto it = impl_->index.find(k);
    if (it == impl_->index.end()) throw KeyError(repr(k));
    const std::size_t at = it->second;
    impl_->index.erase(it);
    impl_->entries.erase(impl_->entries.begin() + static_cast<std::ptrdiff_t>(at));
    for (auto& [key, slot] : impl_->index) {
      if (slot > at) --slot;
    }
  }
  // d.pop(k): the value, removed; KeyError when absent.
  V pop(const K& k) const {
    V v = at(k);
    erase(k);
    return v;
  }
  // d.pop(k, default)
  V pop(const K& k, V fallback) const {
    if (!contains(k)) return fallback;
    return pop(k);
  }
  void clear() const {
    impl_->entries.clear();
    impl_->index.clear();
  }
  // d.copy(): a new dict with the same entries.
  Dict copy() const {
    Dict out;
    *out.impl_ = *impl_;
    return out;
  }
  // d.update(other): each of other's entries set in order.
  void update(const Dict& other) const {
    const auto entries = other.impl_->entries;  // `d.update(d)` reads a snapshot
    for (const auto& [k, v] : entries) set(k, v);
  }

  // The i-th entry in insertion order: what loops over d, d.keys(), d.values() and
  // d.items() read.
  const K& key_at(int64_t i) const { return impl_->entries[static_cast<std::size_t>(i)].first; }
  const V& value_at(int64_t i) const { return impl_->entries[static_cast<std::size_t>(i)].second; }

  const std::vector<std::pair<K, V>>& entries() const { return impl_->entries; }

 private:
  struct Impl {
    std::vector<std::pair<K, V>> entries;
    std::unordered_map<K, std::size_t, detail::DictKeyHash, detail::DictKeyEqual> index;
  };
  std::shared_ptr<Impl> impl_;
};

// d, d.keys(), d.values() and d.items() where a comprehension, list(), sorted(), min() or
// max() reads their items: the entries in insertion order, read as they are visited.
enum class DictPart { Keys, Values, Items };
template <DictPart P, class K, class V>
struct DictView {
  Dict<K, V> dict;
};
template <DictPart P, class K, class V>
DictView<P, K, V> dict_view(const Dict<K, V>& d) {
  return {d};
}
template <DictPart P, class K, class V, class F>
void for_each_item(const DictView<P, K, V>& view, F&& f) {
  for (int64_t i = 0; i < view.dict.size(); ++i) {
    if constexpr (P == DictPart::Keys) {
      f(view.dict.key_at(i));
    } else if constexpr (P == DictPart::Values) {
      f(view.dict.value_at(i));
    } else {
      f(py2cuda::make_tuple(view.dict.key_at(i), view.dict.value_at(i)));
    }
  }
}

// A view printed or measured (`print(d.keys())`, `len(d.values())`): Python's text,
// dict_keys([...]) of the items' repr()s in insertion order.
template <DictPart P, class K, class V>
int64_t len(const DictView<P, K, V>& view) {
  return view.dict.size();
}
template <DictPart P, class K, class V>
std::string repr(const DictView<P, K, V>& view) {
  std::string out = P == DictPart::Keys ? "dict_keys([" : P == DictPart::Values ? "dict_values([" : "dict_items([";
  bool first = true;
  for_each_item(view, [&](const auto& item) {
    if (!first) out += ", ";
    first = false;
    if constexpr (std::is_same_v<std::decay_t<decltype(item)>, bool>) {
      out += repr(static_cast<bool>(item));
    } else {
      out += repr(item);
    }
  });
  return out + "])";
}
template <DictPart P, class K, class V>
std::string str(const DictView<P, K, V>& view) {
  return repr(view);
}

// {k: v for ...} and dict(pairs): each (key, value) entry set in order, so a repeated key
// keeps its first place and its last value, as in Python.
template <class K, class V, class Entries>
Dict<K, V> dict_of_entries(const Entries& entries) {
  Dict<K, V> d;
  for_each_item(entries, [&](const auto& entry) {
    const auto& [key, value] = entry;
    d.set(K(key), V(value));
  });
  return d;
}

// `v in d.values()` (of a dict, defaultdict or Counter): the values compared in insertion order.
template <class D, class V>
bool contains_value(const D& d, const V& v) {
  for (int64_t i = 0; i < d.size(); ++i) {
    if (d.value_at(i) == v) return true;
  }
  return false;
}

template <class K, class V>
int64_t len(const Dict<K, V>& d) {
  return d.size();
}

// `{}` or dict() whose key and value types nothing gives (a dict never filled, `len({})`):
// empty wherever it is read, and any Dict where one is wanted.
// `shown` is its repr: a defaultdict's or a Counter's never filled prints as its class does.
struct EmptyDict {
  std::string_view shown = "{}";
  template <class K, class V>
  operator Dict<K, V>() const {
    return {};
  }
  int64_t size() const { return 0; }
};
inline int64_t len(const EmptyDict&) { return 0; }
inline std::string repr(const EmptyDict& d) { return std::string(d.shown); }
inline std::string str(const EmptyDict& d) { return std::string(d.shown); }
inline std::string format(const EmptyDict& d, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to dict.__format__");
  return std::string(d.shown);
}

// {k1: v1, k2: v2}: a display's entries set in order (a repeated key keeps its first place
// and its last value, as in Python).
template <class K, class V>
Dict<K, V> dict_of(std::initializer_list<std::pair<K, V>> entries) {
  Dict<K, V> d;
  for (const auto& [k, v] : entries) d.set(k, v);
  return d;
}

// repr(d): "{k: v, ...}" with the repr() of keys and values, "{}" when empty.
template <class K, class V>
std::string repr(const Dict<K, V>& d) {
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : d.entries()) {
    if (!first) out += ", ";
    first = false;
    out += repr(k);
    out += ": ";
    if constexpr (std::is_same_v<V, bool>) out += repr(static_cast<bool>(v));
    else out += repr(v);
  }
  return out + "}";
}
template <class K, class V>
std::string str(const Dict<K, V>& d) {
  return repr(d);
}
template <class K, class V>
std::string format(const Dict<K, V>& d, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to dict.__format__");
  return repr(d);
}

// A dict display's entries in a dict of mixed values (`d = {"n": 3}`, later `d["name"] =
// "x"`): each value keeps its Python type (an np.float32 value stays one).
template <class K, class V>
Dict<K, FormatArg> mixed_dict(const Dict<K, V>& d) {
  Dict<K, FormatArg> out;
  for (const auto& [k, v] : d.entries()) {
    if constexpr (std::is_same_v<V, float>) {
      out.set(k, FormatArg(np_float32{v}));
    } else {
      out.set(k, FormatArg(v));
    }
  }
  return out;
}

}  // namespace py2cuda::host
