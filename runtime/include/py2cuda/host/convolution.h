// py2cuda host runtime: np.convolve and np.correlate of 1-D arrays (modes 'full',
// 'same', 'valid'), in NumPy's _pyarray_correlate order: each output is a dot product
// over the overlap, added from its first term. (NumPy's float dot may go through BLAS,
// whose order for long overlaps can differ in the last bits.)
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "elementwise.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

enum class CorrelateMode { Valid = 0, Same = 1, Full = 2 };

inline CorrelateMode correlate_mode(const std::string& mode) {
  if (mode == "valid" || mode == "v") return CorrelateMode::Valid;
  if (mode == "same" || mode == "s") return CorrelateMode::Same;
  if (mode == "full" || mode == "f") return CorrelateMode::Full;
  throw PyException("ValueError", "mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
}

// _pyarray_correlate of two contiguous R arrays: x the longer (n1), y the shorter (n2).
template <class R>
NDArray<R, 1> correlate_contiguous(const R* x, int64_t n1, const R* y, int64_t n2, CorrelateMode mode, bool inverted) {
  int64_t length = n1, n = n2, n_left = 0, n_right = 0;
  if (mode == CorrelateMode::Valid) {
    length = length - n + 1;
  } else if (mode == CorrelateMode::Same) {
    n_left = n / 2;
    n_right = n - n_left - 1;
  } else {
    n_left = n_right = n - 1;
    length = length + n - 1;
  }
  NDArray<R, 1> result(Shape<1>{length});
  R* op = result.data();
  auto dot = [](const R* p, const R* q, int64_t count) {
    R acc = R(0);
    for (int64_t i = 0; i < count; ++i) acc = scalar::add(acc, scalar::multiply(p[i], q[i]));
    return acc;
  };
  const R* ip1 = x;
  const R* ip2 = y + n_left;
  n = n - n_left;
  for (int64_t i = 0; i < n_left; ++i) {
    *op++ = dot(ip1, ip2, n);
    ++n;
    --ip2;
  }
  for (int64_t i = 0; i < n1 - n2 + 1; ++i) {
    *op++ = dot(ip1, ip2, n);
    ++ip1;
  }
  for (int64_t i = 0; i < n_right; ++i) {
    --n;
    *op++ = dot(ip1, ip2, n);
    ++ip1;
  }
  if (inverted) {
    for (int64_t i = 0, j = length - 1; i < j; ++i, --j) std::swap(result.data()[i], result.data()[j]);
  }
  return result;
}

template <class R, class T>
NDArray<R, 1> contiguous_as(const NDArray<T, 1>& a) {
  NDArray<R, 1> result(a.shape());
  for (int64_t i = 0, n = a.shape(0); i < n; ++i) result.data()[i] = static_cast<R>(a.data()[i * a.stride(0)]);
  return result;
}

}  // namespace detail

// np.correlate(a, v, mode='valid'): c[k] = sum_n a[n + k] * v[n], in R (the promotion of the two).
template <class R, class T, class U>
NDArray<R, 1> correlate(const NDArray<T, 1>& a, const NDArray<U, 1>& v, const std::string& mode = "valid") {
  const detail::CorrelateMode m = detail::correlate_mode(mode);
  NDArray<R, 1> x = detail::contiguous_as<R>(a), y = detail::contiguous_as<R>(v);
  if (x.shape(0) == 0) throw PyException("ValueError", "first array argument cannot be empty");
  if (y.shape(0) == 0) throw PyException("ValueError", "second array argument cannot be empty");
  if (x.shape(0) < y.shape(0)) return detail::correlate_contiguous(y.data(), y.shape(0), x.data(), x.shape(0), m, true);
  return detail::correlate_contiguous(x.data(), x.shape(0), y.data(), y.shape(0), m, false);
}

// np.convolve(a, v, mode='full'): the longer array correlated with the shorter one reversed.
template <class R, class T, class U>
NDArray<R, 1> convolve(const NDArray<T, 1>& a, const NDArray<U, 1>& v, const std::string& mode = "full") {
  NDArray<R, 1> x = detail::contiguous_as<R>(a), y = detail::contiguous_as<R>(v);
  if (y.shape(0) > x.shape(0)) std::swap(x, y);
  if (x.shape(0) == 0) throw PyException("ValueError", "a cannot be empty");
  if (y.shape(0) == 0) throw PyException("ValueError", "v cannot be empty");
  const detail::CorrelateMode m = detail::correlate_mode(mode);
  for (int64_t i = 0, j = y.shape(0) - 1; i < j; ++i, --j) std::swap(y.data()[i], y.data()[j]);
  return detail::correlate_contiguous(x.data(), x.shape(0), y.data(), y.shape(0), m, false);
}

}  // namespace py2cuda::host
