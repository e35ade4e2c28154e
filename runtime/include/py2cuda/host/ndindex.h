// py2cuda host runtime: np.ndindex(...) and np.ndenumerate(a) as values, for what iterates an
// iterable object (comprehensions, list(), sum()...). A `for` loop over either is counted out
// in the generated code instead (infer/iteration.cpp), with no object at all.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "../tuple.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

// Every index of an array of this shape, in C order (the last axis fastest), each a tuple of
// N int64 values, as np.ndindex gives them.
template <int N>
struct NdIndex {
  std::array<int64_t, N> shape;
};

namespace detail {
template <int N>
NdIndex<N> checked_ndindex(const std::array<int64_t, N>& shape) {
  for (int64_t extent : shape) {
    if (extent < 0) throw PyException("ValueError", "negative dimensions are not allowed");
  }
  return {shape};
}
template <int N>
auto index_tuple(const std::array<int64_t, N>& at) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return py2cuda::make_tuple(at[I]...);
  }(std::make_index_sequence<N>{});
}
}  // namespace detail

// np.ndindex(3, 4) and np.ndindex((3, 4)) / np.ndindex(a.shape).
template <class... Extent>
  requires(sizeof...(Extent) > 0 && (std::is_integral_v<Extent> && ...))
NdIndex<sizeof...(Extent)> ndindex(Extent... extents) {
  return detail::checked_ndindex<sizeof...(Extent)>({static_cast<int64_t>(extents)...});
}
template <class... Extent>
NdIndex<sizeof...(Extent)> ndindex(const py2cuda::tuple<Extent...>& shape) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ndindex(py2cuda::get<I>(shape)...);
  }(std::index_sequence_for<Extent...>{});
}

template <int N, class F>
void for_each_item(const NdIndex<N>& r, F&& f) {
  for (int64_t extent : r.shape) {
    if (extent == 0) return;
  }
  std::array<int64_t, N> at{};
  while (true) {
    f(detail::index_tuple<N>(at));
    int k = N - 1;  // the odometer: the last axis turns first, and carries into the one before
    while (k >= 0 && ++at[k] == r.shape[k]) at[k--] = 0;
    if (k < 0) return;
  }
}

// np.ndenumerate(a): (index, value) for every element of a, in C order of its index (a view's
// too, whatever its strides).
template <class T, int N>
struct NdEnumerated {
  NDArray<T, N> array;
};
template <class T, int N>
NdEnumerated<T, N> ndenumerate(const NDArray<T, N>& a) {
  return {a};
}

template <class T, int N, class F>
void for_each_item(const NdEnumerated<T, N>& e, F&& f) {
  std::array<int64_t, N> shape{};
  for (int d = 0; d < N; ++d) shape[d] = e.array.shape(d);
  for_each_item(NdIndex<N>{shape}, [&](const auto& index) {
    const T value = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return e.array(py2cuda::get<I>(index)...);
    }(std::make_index_sequence<N>{});
    f(py2cuda::make_tuple(index, value));
  });
}

}  // namespace py2cuda::host
