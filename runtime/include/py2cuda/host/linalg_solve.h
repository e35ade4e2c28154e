// py2cuda host runtime: np.linalg.solve, np.linalg.inv and np.linalg.det of 2-D arrays.
//
// NumPy converts every real input to float64, calls LAPACK (OpenBLAS 0.3.23 in NumPy
// 1.26's wheels) and casts the result back to float32 when all inputs were float32
// (linalg.py's _commonType): solve and inv are dgesv (getrf, then getrs on b or on the
// identity), det is dgetrf followed by NumPy's own sign * exp(sum(log|u_ii|))
// (umath_linalg's det_from_slogdet: det([[1, 2], [3, 4]]) is -2.0000000000000004).
//
// The factorisation is OpenBLAS's unblocked getf2 (what getrf runs below 18 x 18 on
// x86-64), left-looking, column by column in a column-major copy: the previous row
// swaps, the forward solve of the column's upper part (in-order dots), the lower part
// less L's columns times it as OpenBLAS's Haswell dgemv_n adds (rows in fours: groups
// of four columns fused into one term, subtracted; the last rows: one in-order sum,
// subtracted), then the pivot (the first largest magnitude, idamax) and the scaling
// by its reciprocal. getrs: the swaps, then L (unit) and U by columns; one right-hand
// side divides by u_ii (trsv), several multiply by 1 / u_ii (trsm's packed inverse).
// Measured against NumPy on random matrices: det and solve agree to the last bit up
// to 5 x 5 (most at 6 x 6), inv up to 4 x 4; beyond that, and for 18 x 18 and larger
// (OpenBLAS's blocked recursive getrf), the last bits may differ.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "cast.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

inline void linalg_error(const std::string& message) { throw PyException("LinAlgError", message); }

template <class T>
void require_square(const NDArray<T, 2>& a) {
  if (a.shape(0) != a.shape(1)) linalg_error("Last 2 dimensions of the array must be square");
}

// a as a column-major float64 matrix: m[i + j * rows] = a[i, j] (NumPy's linearize_matrix).
template <class T>
std::vector<double> fortran_copy(const NDArray<T, 2>& a) {
  const int64_t rows = a.shape(0), cols = a.shape(1);
  std::vector<double> m(static_cast<std::size_t>(rows * cols));
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      m[static_cast<std::size_t>(i + j * rows)] = cast_value<double>(a.data()[i * a.stride(0) + j * a.stride(1)]);
    }
  }
  return m;
}

// OpenBLAS's getf2 on the column-major n x n matrix m: L (unit diagonal, below) and U in
// place, piv[j] the row swapped with row j (0-based). Returns 0, or j + 1 for the first
// zero pivot u_jj (LAPACK's info: U is singular).
inline int64_t lu_factor(double* m, int64_t n, int64_t* piv) {
  const double sfmin = std::numeric_limits<double>::min();
  int64_t info = 0;
  for (int64_t j = 0; j < n; ++j) {
    double* b = m + j * n;
    for (int64_t i = 0; i < j; ++i) {
      if (piv[i] != i) std::swap(b[i], b[piv[i]]);
    }
    // U's part of the column: the forward solve with L's unit lower triangle (ddot).
    for (int64_t i = 1; i < j; ++i) {
      double dot = 0;
      for (int64_t k = 0; k < i; ++k) dot += m[i + k * n] * b[k];
      b[i] -= dot;
    }
    // b[j:] -= L[j:, :j] @ b[:j], as dgemv_n's Haswell kernels add it.
    const int64_t rows = n - j, blocked = rows - (rows & 3);
    for (int64_t i = j; i < j + blocked; ++i) {
      int64_t k = 0;
      for (; k + 4 <= j; k += 4) {
        double t = m[i + k * n] * b[k];
        t = std::fma(m[i + (k + 1) * n], b[k + 1], t);
        t = std::fma(m[i + (k + 2) * n], b[k + 2], t);
        t = std::fma(m[i + (k + 3) * n], b[k + 3], t);
        b[i] -= t;
      }
      if ((j - k) & 2) {
        const double t = std::fma(m[i + (k + 1) * n], b[k + 1], m[i + k * n] * b[k]);
        b[i] -= t;
        k += 2;
      }
      if ((j - k) & 1) b[i] -= m[i + k * n] * b[k];
    }
    for (int64_t i = j + blocked; i < n; ++i) {
      double t = 0;
      for (int64_t k = 0; k < j; ++k) t += m[i + k * n] * b[k];
      b[i] -= t;
    }
    // The pivot: the first element of largest magnitude (idamax).
    int64_t p = j;
    double best = std::fabs(b[j]);
    for (int64_t i = j + 1; i < n; ++i) {
      if (std::fabs(b[i]) > best) {
        best = std::fabs(b[i]);
        p = i;
      }
    }
    piv[j] = p;
    const double pivot = b[p];
    if (pivot != 0) {
      if (p != j) {
        for (int64_t k = 0; k <= j; ++k) std::swap(m[j + k * n], m[p + k * n]);
      }
      if (std::fabs(pivot) >= sfmin) {
        const double r = 1.0 / pivot;
        for (int64_t i = j + 1; i < n; ++i) b[i] *= r;
      } else {
        for (int64_t i = j + 1; i < n; ++i) b[i] /= pivot;
      }
    } else if (info == 0) {
      info = j + 1;
    }
  }
  return info;
}

// getrs: L U x = P b for the nrhs columns of the column-major n x nrhs matrix x.
inline void lu_solve(const double* m, int64_t n, const int64_t* piv, double* x, int64_t nrhs) {
  for (int64_t c = 0; c < nrhs; ++c) {
    double* b = x + c * n;
    for (int64_t i = 0; i < n; ++i) {
      if (piv[i] != i) std::swap(b[i], b[piv[i]]);
    }
    for (int64_t k = 0; k < n; ++k) {
      const double v = b[k];
      for (int64_t i = k + 1; i < n; ++i) b[i] -= v * m[i + k * n];
    }
    for (int64_t k = n; k-- > 0;) {
      if (nrhs > 1) {
        b[k] *= 1.0 / m[k + k * n];
      } else {
        b[k] /= m[k + k * n];
      }
      const double v = b[k];
      for (int64_t i = 0; i < k; ++i) b[i] -= v * m[i + k * n];
    }
  }
}

// The factorisation of a square a, LinAlgError("Singular matrix") for a zero pivot.
struct Factored {
  std::vector<double> m;
  std::vector<int64_t> piv;
  int64_t n = 0;
};
template <class T>
Factored factor_or_raise(const NDArray<T, 2>& a) {
  require_square(a);
  Factored f{fortran_copy(a), std::vector<int64_t>(static_cast<std::size_t>(a.shape(0))), a.shape(0)};
  if (lu_factor(f.m.data(), f.n, f.piv.data()) != 0) linalg_error("Singular matrix");
  return f;
}

// The column-major n x k result as a C-order NDArray of F.
template <class F>
NDArray<F, 2> from_fortran(const std::vector<double>& x, int64_t n, int64_t k) {
  NDArray<F, 2> out(Shape<2>{n, k});
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < k; ++j) out.data()[i * k + j] = static_cast<F>(x[static_cast<std::size_t>(i + j * n)]);
  }
  return out;
}

inline std::string solve_mismatch(const char* name, const char* signature, int64_t got, int64_t n) {
  return std::string(name) + ": Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " + signature +
         " (size " + std::to_string(got) + " is different from " + std::to_string(n) + ")";
}

}  // namespace detail

// np.linalg.solve(a, b), b of shape (m,): x with a @ x = b; F is float32 when a and b are.
template <class F, class T, class U>
NDArray<F, 1> solve(const NDArray<T, 2>& a, const NDArray<U, 1>& b) {
  detail::require_square(a);
  if (b.shape(0) != a.shape(0)) throw PyException("ValueError", detail::solve_mismatch("solve1", "(m,m),(m)->(m)", b.shape(0), a.shape(0)));
  detail::Factored f = detail::factor_or_raise(a);
  std::vector<double> x(static_cast<std::size_t>(f.n));
  for (int64_t i = 0; i < f.n; ++i) x[static_cast<std::size_t>(i)] = cast_value<double>(b.data()[i * b.stride(0)]);
  detail::lu_solve(f.m.data(), f.n, f.piv.data(), x.data(), 1);
  NDArray<F, 1> out(Shape<1>{f.n});
  for (int64_t i = 0; i < f.n; ++i) out.data()[i] = static_cast<F>(x[static_cast<std::size_t>(i)]);
  return out;
}

// np.linalg.solve(a, b), b of shape (m, k): every column of b.
template <class F, class T, class U>
NDArray<F, 2> solve(const NDArray<T, 2>& a, const NDArray<U, 2>& b) {
  detail::require_square(a);
  if (b.shape(0) != a.shape(0)) throw PyException("ValueError", detail::solve_mismatch("solve", "(m,m),(m,n)->(m,n)", b.shape(0), a.shape(0)));
  detail::Factored f = detail::factor_or_raise(a);
  std::vector<double> x = detail::fortran_copy(b);
  detail::lu_solve(f.m.data(), f.n, f.piv.data(), x.data(), b.shape(1));
  return detail::from_fortran<F>(x, f.n, b.shape(1));
}

// np.linalg.inv(a): gesv of a and the identity.
template <class F, class T>
NDArray<F, 2> inv(const NDArray<T, 2>& a) {
  detail::Factored f = detail::factor_or_raise(a);
  std::vector<double> x(static_cast<std::size_t>(f.n * f.n), 0.0);
  for (int64_t i = 0; i < f.n; ++i) x[static_cast<std::size_t>(i + i * f.n)] = 1.0;
  detail::lu_solve(f.m.data(), f.n, f.piv.data(), x.data(), f.n);
  return detail::from_fortran<F>(x, f.n, f.n);
}

// np.linalg.det(a): getrf, then sign * exp(sum of log|u_ii|) as NumPy computes it; 0.0
// for a singular matrix (NumPy's sign 0 and logdet -inf), 1.0 for a 0 x 0 one.
template <class F, class T>
F det(const NDArray<T, 2>& a) {
  detail::require_square(a);
  const int64_t n = a.shape(0);
  std::vector<double> m = detail::fortran_copy(a);
  std::vector<int64_t> piv(static_cast<std::size_t>(n));
  if (detail::lu_factor(m.data(), n, piv.data()) != 0) return static_cast<F>(0.0);
  double sign = 1.0;
  for (int64_t i = 0; i < n; ++i) {
    if (piv[i] != i) sign = -sign;
  }
  double logdet = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    double u = m[static_cast<std::size_t>(i + i * n)];
    if (u < 0) {
      sign = -sign;
      u = -u;
    }
    logdet += std::log(u);
  }
  return static_cast<F>(sign * std::exp(logdet));
}

}  // namespace py2cuda::host
