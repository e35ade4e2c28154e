// py2cuda host runtime: np.nonzero (a.nonzero()), np.flatnonzero, np.argwhere: where an
// array's elements are true (non-zero; NaN counts as true), in C order, as int64 indices.
#pragma once

#include <cstdint>
#include <utility>
#include <algorithm>
#include <array>
#include <vector>

#include "../tuple.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

// The C-order multi-indices of the true elements: count rows of N.
template <class T, int N>
std::vector<std::array<int64_t, N>> true_indices(const NDArray<T, N>& a) {
  std::vector<std::array<int64_t, N>> found;
  std::array<int64_t, N> index{};
  a.for_each_offset([&](int64_t o) {
    if (a.data()[o] != T(0)) found.push_back(index);
    for (int d = N - 1; d >= 0; --d) {  // the next C-order index
      if (++index[d] < a.shape(d)) break;
      index[d] = 0;
    }
  });
  return found;
}

template <int N, std::size_t... D>
auto nonzero_tuple(const std::vector<std::array<int64_t, N>>& found, std::index_sequence<D...>) {
  const int64_t count = static_cast<int64_t>(found.size());
  auto axis = [&](std::size_t d) {
    NDArray<int64_t, 1> column(Shape<1>{count});
    for (int64_t i = 0; i < count; ++i) column.data()[i] = found[static_cast<std::size_t>(i)][d];
    return column;
  };
  return py2cuda::make_tuple(axis(D)...);
}

}  // namespace detail

// np.nonzero(a): a tuple of N int64 arrays, one per dimension.
template <class T, int N>
auto nonzero(const NDArray<T, N>& a) {
  return detail::nonzero_tuple<N>(detail::true_indices(a), std::make_index_sequence<static_cast<std::size_t>(N)>{});
}

// np.flatnonzero(a): the flat (C-order) positions of the true elements.
template <class T, int N>
NDArray<int64_t, 1> flatnonzero(const NDArray<T, N>& a) {
  std::vector<int64_t> found;
  int64_t flat = 0;
  a.for_each_offset([&](int64_t o) {
    if (a.data()[o] != T(0)) found.push_back(flat);
    ++flat;
  });
  NDArray<int64_t, 1> result(Shape<1>{static_cast<int64_t>(found.size())});
  std::copy(found.begin(), found.end(), result.data());
  return result;
}

// np.argwhere(a): a (count, N) int64 array of the true elements' indices.
template <class T, int N>
NDArray<int64_t, 2> argwhere(const NDArray<T, N>& a) {
  const auto found = detail::true_indices(a);
  NDArray<int64_t, 2> result(Shape<2>{static_cast<int64_t>(found.size()), N});
  int64_t* out = result.data();
  for (const auto& index : found) {
    for (int d = 0; d < N; ++d) *out++ = index[static_cast<std::size_t>(d)];
  }
  return result;
}

}  // namespace py2cuda::host
