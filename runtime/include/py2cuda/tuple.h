// py2cuda runtime: tuples, as returned by cuda.grid(2) or built by `(a, b)` in a kernel.
//
// A small tuple of py2cuda's own rather than std::tuple (whose members are not
// device functions) or cuda::std::tuple (whose header alone adds seconds to
// every nvcc compile of a translated file). It is an aggregate of leaves, one
// per element, usable the same way in host and device code, and it supports
// get<I>, make_tuple, tie, structured bindings, tuple_size_v and
// tuple_element_t like the standard one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "config.h"

namespace py2cuda {

namespace detail {

template <std::size_t I, class T>
struct TupleLeaf {
  T value;
};

template <std::size_t I, class T0, class... T>
struct TypeAt {
  using type = typename TypeAt<I - 1, T...>::type;
};
template <class T0, class... T>
struct TypeAt<0, T0, T...> {
  using type = T0;
};

template <class Indices, class... T>
struct TupleStorage;

template <std::size_t... I, class... T>
struct TupleStorage<std::index_sequence<I...>, T...> : TupleLeaf<I, T>... {
  constexpr TupleStorage() = default;
  P2C_HD_TEMPLATE
  P2C_HD constexpr TupleStorage(T... values)
    requires(sizeof...(T) > 0)  // the empty tuple has the default constructor only
      : TupleLeaf<I, T>{values}... {}

  P2C_HD_TEMPLATE
  template <class... U>
  P2C_HD constexpr TupleStorage& assign(const TupleStorage<std::index_sequence<I...>, U...>& other) {
    ((static_cast<TupleLeaf<I, T>&>(*this).value = static_cast<const TupleLeaf<I, U>&>(other).value), ...);
    return *this;
  }
};

}  // namespace detail

template <class... T>
struct tuple : detail::TupleStorage<std::index_sequence_for<T...>, T...> {
  using Storage = detail::TupleStorage<std::index_sequence_for<T...>, T...>;
  constexpr tuple() = default;
  P2C_HD_TEMPLATE
  P2C_HD constexpr tuple(T... values)
    requires(sizeof...(T) > 0)
      : Storage(values...) {}

  // Element-wise assignment from a tuple of convertible types (what tie() needs).
  P2C_HD_TEMPLATE
  template <class... U, class = std::enable_if_t<sizeof...(U) == sizeof...(T)>>
  P2C_HD constexpr tuple& operator=(const tuple<U...>& other) {
    Storage::assign(other);
    return *this;
  }
};

template <class Tuple>
struct tuple_size;
template <class... T>
struct tuple_size<tuple<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};
template <class... T>
struct tuple_size<const tuple<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};
template <class Tuple>
inline constexpr std::size_t tuple_size_v = tuple_size<Tuple>::value;

template <std::size_t I, class Tuple>
struct tuple_element;
template <std::size_t I, class... T>
struct tuple_element<I, tuple<T...>> {
  using type = typename detail::TypeAt<I, T...>::type;
};
template <std::size_t I, class... T>
struct tuple_element<I, const tuple<T...>> {
  using type = const typename detail::TypeAt<I, T...>::type;
};
template <std::size_t I, class Tuple>
using tuple_element_t = typename tuple_element<I, Tuple>::type;

template <std::size_t I, class... T>
P2C_HD constexpr typename detail::TypeAt<I, T...>::type& get(tuple<T...>& t) {
  return static_cast<detail::TupleLeaf<I, typename detail::TypeAt<I, T...>::type>&>(t).value;
}
template <std::size_t I, class... T>
P2C_HD constexpr const typename detail::TypeAt<I, T...>::type& get(const tuple<T...>& t) {
  return static_cast<const detail::TupleLeaf<I, typename detail::TypeAt<I, T...>::type>&>(t).value;
}

template <std::size_t I, class... T>
P2C_HD constexpr typename detail::TypeAt<I, T...>::type&& get(tuple<T...>&& t) {
  using E = typename detail::TypeAt<I, T...>::type;
  return static_cast<E&&>(static_cast<detail::TupleLeaf<I, E>&>(t).value);
}

P2C_HD_TEMPLATE
template <class... T>
P2C_HD constexpr tuple<std::decay_t<T>...> make_tuple(T&&... values) {
  return tuple<std::decay_t<T>...>(std::forward<T>(values)...);
}

template <class... T>
P2C_HD constexpr tuple<T&...> tie(T&... refs) {
  return tuple<T&...>(refs...);
}

namespace detail {
P2C_HD_TEMPLATE
template <class T, class Tuple, std::size_t... K>
P2C_HD constexpr T tuple_at(const Tuple& t, int64_t i, std::index_sequence<K...>) {
  T result = get<0>(t);
  ((i == static_cast<int64_t>(K) ? (result = get<K>(t), 0) : 0), ...);
  return result;
}
}  // namespace detail

// `t[i]` for a tuple whose elements share one type (a Numba UniTuple) and an
// index known only at run time. A signed negative index counts from the end,
// as in Python.
P2C_HD_TEMPLATE
template <class T, class... Rest, class I>
P2C_HD constexpr T tuple_at(const tuple<T, Rest...>& t, I index) {
  static_assert((std::is_same_v<T, Rest> && ...), "py2cuda::tuple_at needs a tuple of one element type");
  constexpr int64_t n = 1 + sizeof...(Rest);
  int64_t i = static_cast<int64_t>(index);
  if constexpr (std::is_signed_v<I>) {
    if (i < 0) i += n;
  }
  return detail::tuple_at<T>(t, i, std::make_index_sequence<n>{});
}

}  // namespace py2cuda

// Structured bindings: `auto [i, j] = py2cuda::grid2();`
template <class... T>
struct std::tuple_size<py2cuda::tuple<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};
template <std::size_t I, class... T>
struct std::tuple_element<I, py2cuda::tuple<T...>> {
  using type = typename py2cuda::detail::TypeAt<I, T...>::type;
};
