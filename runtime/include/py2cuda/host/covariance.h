// py2cuda host runtime: np.cov and np.corrcoef in float64, in numpy/lib/function_base.py's
// steps: the variables as rows (ndmin=2, transposed for rowvar=False, y's rows appended),
// each row's mean (np.mean's pairwise sum) subtracted, X @ X.T (BLAS in NumPy: its order of
// additions is its own, so the last bits may differ), times 1 / (observations - ddof).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "ndarray.h"
#include "reductions.h"

namespace py2cuda::host {

namespace detail {

// The rows (variables) of m as np.array(m, ndmin=2, dtype=float64), transposed for rowvar=False.
template <class T, int N>
std::vector<NDArray<double, 1>> cov_variables(const NDArray<T, N>& m, bool rowvar) {
  static_assert(N == 1 || N == 2, "np.cov of a 1-D or 2-D array");
  std::vector<NDArray<double, 1>> rows;
  if constexpr (N == 1) {
    NDArray<double, 1> row(Shape<1>{m.shape(0)});
    for (int64_t j = 0; j < m.shape(0); ++j) row.data()[j] = cast_value<double>(m(j));
    rows.push_back(row);
  } else {
    const bool transposed = !rowvar && m.shape(0) != 1;
    const int64_t count = transposed ? m.shape(1) : m.shape(0), length = transposed ? m.shape(0) : m.shape(1);
    for (int64_t i = 0; i < count; ++i) {
      NDArray<double, 1> row(Shape<1>{length});
      for (int64_t j = 0; j < length; ++j) row.data()[j] = cast_value<double>(transposed ? m(j, i) : m(i, j));
      rows.push_back(row);
    }
  }
  return rows;
}

inline NDArray<double, 2> cov_of(std::vector<NDArray<double, 1>> rows, bool bias, int64_t ddof) {
  const int64_t k = static_cast<int64_t>(rows.size());
  const int64_t n = k > 0 ? rows[0].shape(0) : 0;
  for (const auto& r : rows) {
    if (r.shape(0) != n) {
      throw PyException("ValueError", "all the input array dimensions except for the concatenation axis must match exactly, but "
                                      "along dimension 1, the array at index 0 has size " + std::to_string(n) +
                                      " and the array at index 1 has size " + std::to_string(r.shape(0)));
    }
  }
  if (ddof < 0) ddof = bias ? 0 : 1;
  double fact = static_cast<double>(n - ddof);
  if (fact <= 0) fact = 0.0;  // NumPy warns "Degrees of freedom <= 0 for slice" and divides by zero
  for (auto& r : rows) {
    const double centre = mean(r);
    for (int64_t j = 0; j < n; ++j) r.data()[j] -= centre;
  }
  const double scale = 1.0 / fact;
  NDArray<double, 2> c(Shape<2>{k, k});
  for (int64_t i = 0; i < k; ++i) {
    for (int64_t j = 0; j < k; ++j) {
      double acc = 0.0;
      for (int64_t t = 0; t < n; ++t) acc += rows[i].data()[t] * rows[j].data()[t];
      c.data()[i * k + j] = acc * scale;
    }
  }
  return c;
}

// corrcoef's normalisation of a covariance matrix: c / sqrt(diag) by rows then columns, clipped to [-1, 1].
inline NDArray<double, 2> correlation_of(NDArray<double, 2> c) {
  const int64_t k = c.shape(0);
  std::vector<double> stddev(static_cast<std::size_t>(k));
  for (int64_t i = 0; i < k; ++i) stddev[i] = std::sqrt(c.data()[i * k + i]);
  for (int64_t i = 0; i < k; ++i) {
    for (int64_t j = 0; j < k; ++j) {
      double& v = c.data()[i * k + j];
      v = v / stddev[i];
      v = v / stddev[j];
      if (v < -1.0) v = -1.0;
      else if (v > 1.0) v = 1.0;
    }
  }
  return c;
}

}  // namespace detail

// np.cov(m, rowvar=True, bias=False, ddof=None) (ddof < 0 stands for None): the covariance matrix.
template <class T, int N>
NDArray<double, 2> cov(const NDArray<T, N>& m, bool rowvar = true, bool bias = false, int64_t ddof = -1) {
  return detail::cov_of(detail::cov_variables(m, rowvar), bias, ddof);
}
// np.cov(m, y, ...): y's variables after m's.
template <class T, int N, class U, int M>
NDArray<double, 2> cov(const NDArray<T, N>& m, const NDArray<U, M>& y, bool rowvar = true, bool bias = false,
                       int64_t ddof = -1) {
  auto rows = detail::cov_variables(m, rowvar);
  for (auto& r : detail::cov_variables(y, rowvar)) rows.push_back(r);
  return detail::cov_of(std::move(rows), bias, ddof);
}
// np.cov of one variable (a 1-D m without y): NumPy squeezes the 1x1 result to a number.
template <class T>
double cov_value(const NDArray<T, 1>& m, bool rowvar = true, bool bias = false, int64_t ddof = -1) {
  return cov(m, rowvar, bias, ddof).data()[0];
}

// np.corrcoef(x, y=None, rowvar=True): the correlation coefficients.
template <class T, int N>
NDArray<double, 2> corrcoef(const NDArray<T, N>& x, bool rowvar = true) {
  return detail::correlation_of(cov(x, rowvar));
}
template <class T, int N, class U, int M>
NDArray<double, 2> corrcoef(const NDArray<T, N>& x, const NDArray<U, M>& y, bool rowvar = true) {
  return detail::correlation_of(cov(x, y, rowvar));
}
// np.corrcoef of one variable: c / c, 1.0 (NaN for a constant variable).
template <class T>
double corrcoef_value(const NDArray<T, 1>& x, bool rowvar = true) {
  const double c = cov_value(x, rowvar);
  return c / c;
}

}  // namespace py2cuda::host
