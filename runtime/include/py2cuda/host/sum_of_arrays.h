// py2cuda host runtime: Python's sum() of arrays, a list of them or a generator giving them
// (`sum(p[i:i + 3] for i in range(3))`, `sum([a, b, c])`): 0 + a0 + a1 + ..., each addition
// NumPy's `+`, a new array of the loop type R (broadcast as `+` broadcasts). An empty sum is
// Python's int 0, which the array py2cuda typed the call as cannot hold: a TypeError that says so.
#pragma once

#include <optional>
#include <type_traits>

#include "elementwise.h"
#include "exceptions.h"
#include "iterate.h"
#include "list.h"
#include "ndarray.h"

namespace py2cuda::host {

template <class R, int N, class Items, class Keep, class Value>
NDArray<R, N> sum_arrays_each(const Items& items, Keep keep, Value value) {
  std::optional<NDArray<R, N>> total;
  for_each_item(items, [&](const auto& item) {
    if constexpr (!std::is_null_pointer_v<Keep>) {
      if (!keep(item)) return;
    }
    total = total ? NDArray<R, N>(add<R>(*total, value(item))) : NDArray<R, N>(add<R>(int64_t{0}, value(item)));
  });
  if (!total) {
    throw PyException("TypeError", "sum() of no arrays is the int 0, which py2cuda's array result cannot hold");
  }
  return *total;
}

// sum(xs) of a list of arrays.
template <class R, int N, class Items>
NDArray<R, N> sum_arrays(const Items& items) {
  return sum_arrays_each<R, N>(items, nullptr, [](const auto& x) -> const auto& { return x; });
}

}  // namespace py2cuda::host
