// py2cuda host runtime: Python's ordering of the values sorted(), list.sort(), min() and
// max() compare, and those builtins with a key= function.
//
// Numbers and strings compare as C++ does (std::string byte-wise, which is Python's
// code point order for UTF-8); tuples compare element by element, the first unequal pair
// deciding, as Python's do. Keys are computed once per item, and sorting is stable with or
// without reverse=True (equal keys keep their order: Python reverses the comparisons, not
// the result).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../tuple.h"
#include "exceptions.h"

namespace py2cuda::host {

template <class A, class B>
bool python_less(const A& a, const B& b);

namespace detail {
template <class T>
struct IsPyTuple : std::false_type {};
template <class... T>
struct IsPyTuple<py2cuda::tuple<T...>> : std::true_type {};

template <std::size_t I, class... A, class... B>
bool tuple_less(const py2cuda::tuple<A...>& a, const py2cuda::tuple<B...>& b) {
  if constexpr (I == sizeof...(A) || I == sizeof...(B)) {
    return sizeof...(A) < sizeof...(B) && I == sizeof...(A);
  } else {
    const auto& x = py2cuda::get<I>(a);
    const auto& y = py2cuda::get<I>(b);
    if (python_less(x, y)) return true;
    if (python_less(y, x)) return false;
    return tuple_less<I + 1>(a, b);
  }
}
}  // namespace detail

// a < b as Python orders them.
template <class A, class B>
bool python_less(const A& a, const B& b) {
  if constexpr (detail::IsPyTuple<A>::value && detail::IsPyTuple<B>::value) {
    return detail::tuple_less<0>(a, b);
  } else {
    return a < b;
  }
}

// a == b as Python compares them: tuples of equal length with equal elements.
template <class A, class B>
bool python_equal(const A& a, const B& b) {
  if constexpr (detail::IsPyTuple<A>::value && detail::IsPyTuple<B>::value) {
    if constexpr (std::tuple_size_v<A> != std::tuple_size_v<B>) {
      return false;
    } else {
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return (python_equal(py2cuda::get<I>(a), py2cuda::get<I>(b)) && ...);
      }(std::make_index_sequence<std::tuple_size_v<A>>{});
    }
  } else {
    return a == b;
  }
}

// t1 + t2 of tuples: a tuple of both one's elements and the other's.
template <class... A, class... B>
py2cuda::tuple<A..., B...> tuple_cat(const py2cuda::tuple<A...>& a, const py2cuda::tuple<B...>& b) {
  return [&]<std::size_t... I, std::size_t... J>(std::index_sequence<I...>, std::index_sequence<J...>) {
    return py2cuda::tuple<A..., B...>(py2cuda::get<I>(a)..., py2cuda::get<J>(b)...);
  }(std::index_sequence_for<A...>{}, std::index_sequence_for<B...>{});
}

// The items sorted stably by key(item) (descending: by the reversed comparison), in place.
template <class T, class Key>
void sort_by_key(std::vector<T>& items, Key key, bool descending) {
  using K = std::decay_t<decltype(key(items[0]))>;
  std::vector<K> keys;
  keys.reserve(items.size());
  for (const T& x : items) keys.push_back(key(x));
  std::vector<std::size_t> order(items.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    return descending ? python_less(keys[j], keys[i]) : python_less(keys[i], keys[j]);
  });
  std::vector<T> sorted;
  sorted.reserve(items.size());
  for (std::size_t i : order) sorted.push_back(items[i]);
  items = std::move(sorted);
}

// max(items, key=f) / min(items, key=f): the first item with the largest (smallest) key.
template <class T, class Key>
T extreme_by_key(const std::vector<T>& items, Key key, bool largest) {
  if (items.empty()) throw ValueError(std::string(largest ? "max" : "min") + "() arg is an empty sequence");
  std::size_t best = 0;
  auto best_key = key(items[0]);
  for (std::size_t i = 1; i < items.size(); ++i) {
    auto k = key(items[i]);
    if (largest ? python_less(best_key, k) : python_less(k, best_key)) {
      best = i;
      best_key = std::move(k);
    }
  }
  return items[best];
}

}  // namespace py2cuda::host
