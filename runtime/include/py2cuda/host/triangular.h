// py2cuda host runtime: np.diag (a diagonal array from a vector, or a matrix's diagonal)
// and np.tril / np.triu (copies with the other triangle zeroed).
#pragma once

#include <cstdint>

#include "ndarray.h"

namespace py2cuda::host {

// np.diag(v, k=0) of a 1-D array: a square array with v on diagonal k, zeros elsewhere.
template <class T>
NDArray<T, 2> diag(const NDArray<T, 1>& v, int64_t k = 0) {
  const int64_t n = v.shape(0), shift = k < 0 ? -k : k;
  NDArray<T, 2> result(Shape<2>{n + shift, n + shift});
  for (int64_t i = 0; i < n; ++i) {
    const int64_t row = k < 0 ? i - k : i, col = k > 0 ? i + k : i;
    result.data()[row * (n + shift) + col] = v.data()[i * v.stride(0)];
  }
  return result;
}

// np.diag(m, k=0) of a 2-D array: diagonal k as a 1-D array (a copy here; NumPy's is a
// read-only view, so the two read the same).
template <class T>
NDArray<T, 1> diag(const NDArray<T, 2>& m, int64_t k = 0) {
  const int64_t row = k < 0 ? -k : 0, col = k > 0 ? k : 0;
  const int64_t rows = m.shape(0) - row, cols = m.shape(1) - col;
  const int64_t n = rows < cols ? (rows > 0 ? rows : 0) : (cols > 0 ? cols : 0);
  NDArray<T, 1> result(Shape<1>{n});
  for (int64_t i = 0; i < n; ++i) result.data()[i] = m.data()[(row + i) * m.stride(0) + (col + i) * m.stride(1)];
  return result;
}

namespace detail {
template <bool Lower, class T>
NDArray<T, 2> triangle(const NDArray<T, 2>& m, int64_t k) {
  NDArray<T, 2> result(m.shape());
  for (int64_t i = 0; i < m.shape(0); ++i) {
    for (int64_t j = 0; j < m.shape(1); ++j) {
      const bool keep = Lower ? j - i <= k : j - i >= k;
      if (keep) result.data()[i * m.shape(1) + j] = m.data()[i * m.stride(0) + j * m.stride(1)];
    }
  }
  return result;
}
}  // namespace detail

// np.tril(m, k=0): the elements on and below diagonal k; np.triu: on and above.
template <class T>
NDArray<T, 2> tril(const NDArray<T, 2>& m, int64_t k = 0) {
  return detail::triangle<true>(m, k);
}
template <class T>
NDArray<T, 2> triu(const NDArray<T, 2>& m, int64_t k = 0) {
  return detail::triangle<false>(m, k);
}

}  // namespace py2cuda::host
