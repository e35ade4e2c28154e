// py2cuda host runtime: np.isin / np.in1d (whether each element equals one of the test
// elements, compared in the promotion of the two types; NaN equals nothing) and np.take
// of the flattened array.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {
template <class C, class U, int M>
std::vector<C> sorted_tests(const NDArray<U, M>& tests) {
  std::vector<C> values;
  values.reserve(static_cast<std::size_t>(tests.size()));
  const NDArray<U, M> c = tests.copy();
  for (int64_t i = 0, n = c.size(); i < n; ++i) {
    const C v = static_cast<C>(c.data()[i]);
    if constexpr (std::is_floating_point_v<C>) {
      if (std::isnan(v)) continue;
    }
    values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  return values;
}
}  // namespace detail

// np.isin(element, test_elements, invert=False): a bool array of element's shape.
template <class C, class T, int N, class U, int M>
NDArray<bool, N> isin(const NDArray<T, N>& element, const NDArray<U, M>& tests, bool invert = false) {
  const std::vector<C> values = detail::sorted_tests<C>(tests);
  const NDArray<T, N> c = element.copy();
  NDArray<bool, N> result(element.shape());
  for (int64_t i = 0, n = c.size(); i < n; ++i) {
    const C v = static_cast<C>(c.data()[i]);
    bool found = std::binary_search(values.begin(), values.end(), v);
    if constexpr (std::is_floating_point_v<C>) found = found && !std::isnan(v);  // NaN equals nothing
    result.data()[i] = found != invert;
  }
  return result;
}

// np.in1d(ar1, ar2, invert=False): isin of the flattened ar1.
template <class C, class T, int N, class U, int M>
NDArray<bool, 1> in1d(const NDArray<T, N>& a, const NDArray<U, M>& tests, bool invert = false) {
  const NDArray<bool, N> r = isin<C>(a, tests, invert);
  return NDArray<bool, 1>(r.storage(), r.data(), Shape<1>{r.size()}, Shape<1>{1});
}

// np.take(a, indices) of the flattened a: indices' shape, negative indices from the end.
template <class T, int N, class I, int M>
NDArray<T, M> take(const NDArray<T, N>& a, const NDArray<I, M>& indices) {
  const NDArray<T, N> flat = a.copy();
  const NDArray<I, M> c = indices.copy();
  NDArray<T, M> result(indices.shape());
  const int64_t size = flat.size();
  for (int64_t i = 0, n = c.size(); i < n; ++i) {
    int64_t k = static_cast<int64_t>(c.data()[i]);
    if (k < -size || k >= size) {
      throw PyException("IndexError", "index " + std::to_string(k) + " is out of bounds for axis 0 with size " +
                                          std::to_string(size));
    }
    if (k < 0) k += size;
    result.data()[i] = flat.data()[k];
  }
  return result;
}
template <class T, int N>
T take(const NDArray<T, N>& a, int64_t index) {
  const int64_t size = a.size();
  if (index < -size || index >= size) {
    throw PyException("IndexError", "index " + std::to_string(index) + " is out of bounds for axis 0 with size " +
                                        std::to_string(size));
  }
  return a.flat(index < 0 ? index + size : index);
}

}  // namespace py2cuda::host
