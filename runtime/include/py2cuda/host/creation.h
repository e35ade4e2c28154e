// py2cuda host runtime: NumPy's array constructors (zeros, arange, linspace, ...).
//
// Every result is a new C-contiguous NDArray. The element type is a template argument
// (the translator resolves the `dtype=`, and NumPy's default float64/int64, statically).
// arange and linspace compute their values with NumPy 1.26's exact arithmetic so the
// results match bit for bit.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "cast.h"
#include "exceptions.h"
#include "ndarray.h"
#include "views.h"

namespace py2cuda::host {

// np.zeros / np.empty (zero-filled: any contents are valid for empty) / np.ones / np.full.
template <class T, std::size_t N>
NDArray<T, static_cast<int>(N)> zeros(const std::array<int64_t, N>& shape) {
  return NDArray<T, static_cast<int>(N)>(shape);
}
template <class T>
NDArray<T, 1> zeros(int64_t n) {
  return zeros<T>(std::array<int64_t, 1>{n});
}
template <class T, std::size_t N>
NDArray<T, static_cast<int>(N)> empty(const std::array<int64_t, N>& shape) {
  return zeros<T>(shape);
}
template <class T>
NDArray<T, 1> empty(int64_t n) {
  return zeros<T>(n);
}
template <class T, std::size_t N, class V>
NDArray<T, static_cast<int>(N)> full(const std::array<int64_t, N>& shape, V value) {
  NDArray<T, static_cast<int>(N)> result(shape);
  const T fill = cast_value<T>(value);
  T* data = result.data();
  for (int64_t i = 0, n = result.size(); i < n; ++i) data[i] = fill;
  return result;
}
template <class T, class V>
NDArray<T, 1> full(int64_t n, V value) {
  return full<T>(std::array<int64_t, 1>{n}, value);
}
template <class T, std::size_t N>
NDArray<T, static_cast<int>(N)> ones(const std::array<int64_t, N>& shape) {
  return full<T>(shape, 1);
}
template <class T>
NDArray<T, 1> ones(int64_t n) {
  return full<T>(n, 1);
}

// The *_like forms: `like`'s shape, and its element type unless U is given.
template <class U = void, class T, int N>
auto zeros_like(const NDArray<T, N>& like) {
  using R = std::conditional_t<std::is_void_v<U>, T, U>;
  return NDArray<R, N>(like.shape());
}
template <class U = void, class T, int N>
auto empty_like(const NDArray<T, N>& like) {
  return zeros_like<U>(like);
}
template <class U = void, class T, int N, class V>
auto full_like(const NDArray<T, N>& like, V value) {
  using R = std::conditional_t<std::is_void_v<U>, T, U>;
  return full<R>(like.shape(), value);
}
template <class U = void, class T, int N>
auto ones_like(const NDArray<T, N>& like) {
  return full_like<U>(like, 1);
}

namespace detail {

// ceil(x) as NumPy's _arange_safe_ceil_to_intp: NaN has no length.
inline int64_t arange_ceil(double x) {
  if (std::isnan(x)) throw PyException("ValueError", "arange: cannot compute length");
  const double c = std::ceil(x);
  if (!(c >= -9223372036854775808.0 && c < 9223372036854775808.0)) {
    throw PyException("OverflowError", "arange: overflow while computing length");
  }
  return static_cast<int64_t>(c);
}

}  // namespace detail

// np.arange(start, stop, step, dtype=T). NumPy computes, with Python's arithmetic on the
// arguments, length = ceil((stop - start) / step) (integer arguments: exact), stores
// a[0] = start and a[1] = start + step converted to T, and then fills the rest in T's
// own arithmetic: delta = a[1] - a[0]; a[i] = a[0] + i * delta (arraytypes' `fill`).
// So a float32 arange steps by the float32-rounded delta, as NumPy's does.
template <class T, class A, class B, class C>
NDArray<T, 1> arange(A start, B stop, C step) {
  static_assert(std::is_arithmetic_v<A> && std::is_arithmetic_v<B> && std::is_arithmetic_v<C>);
  constexpr bool all_integers = std::is_integral_v<A> && std::is_integral_v<B> && std::is_integral_v<C>;
  if (step == C(0)) throw PyException("ZeroDivisionError", "division by zero");
  int64_t length;
  T first, second;
  if constexpr (all_integers) {
    const int64_t span = static_cast<int64_t>(stop) - static_cast<int64_t>(start);
    const int64_t s = static_cast<int64_t>(step);
    // ceil(span / s) without rounding: Python divides ints exactly here.
    int64_t q = span / s;
    if ((span % s != 0) && ((span < 0) == (s < 0))) ++q;
    length = q;
    first = cast_value<T>(static_cast<int64_t>(start));
    second = cast_value<T>(static_cast<int64_t>(start) + s);
  } else {
    const double d_start = static_cast<double>(start);
    length = detail::arange_ceil((static_cast<double>(stop) - d_start) / static_cast<double>(step));
    first = cast_value<T>(d_start);
    second = cast_value<T>(d_start + static_cast<double>(step));
  }
  if (length < 0) length = 0;
  NDArray<T, 1> result(Shape<1>{length});
  T* a = result.data();
  if (length > 0) a[0] = first;
  if (length > 1) a[1] = second;
  if constexpr (std::is_floating_point_v<T>) {
    const T delta = a[1] - a[0];
    for (int64_t i = 2; i < length; ++i) a[i] = a[0] + static_cast<T>(i) * delta;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (length > 2) throw PyException("TypeError", "arange() is only supported for booleans when the result has at most length 2.");
  } else {
    // Integer fill in T's width with wraparound, as C does it on npy_intp/unsigned types.
    using W = std::make_unsigned_t<T>;
    if (length > 1) {
      const W delta = static_cast<W>(static_cast<W>(a[1]) - static_cast<W>(a[0]));
      for (int64_t i = 2; i < length; ++i) {
        a[i] = static_cast<T>(static_cast<W>(static_cast<W>(a[0]) + static_cast<W>(static_cast<W>(i) * delta)));
      }
    }
  }
  return result;
}

// np.arange(stop) and np.arange(start, stop).
template <class T, class B>
NDArray<T, 1> arange(B stop) {
  return arange<T>(0, stop, 1);
}
template <class T, class A, class B>
NDArray<T, 1> arange(A start, B stop) {
  return arange<T>(start, stop, 1);
}

// np.linspace(start, stop, num, endpoint, dtype=T), NumPy 1.26's algorithm: everything in
// float64 (start * 1.0), div = num - 1 (endpoint) or num; step = (stop - start) / div;
// y = arange(0, num) * step + start, or, when step == 0 (underflow), arange / div * delta;
// with endpoint the last element is exactly stop; integer T floors before the cast.
template <class T, class A, class B>
NDArray<T, 1> linspace(A start, B stop, int64_t num = 50, bool endpoint = true) {
  if (num < 0) {
    throw PyException("ValueError", "Number of samples, " + std::to_string(num) + ", must be non-negative.");
  }
  const double d_start = static_cast<double>(start), d_stop = static_cast<double>(stop);
  const int64_t div = endpoint ? num - 1 : num;
  const double delta = d_stop - d_start;
  std::vector<double> y(static_cast<std::size_t>(num));
  for (int64_t i = 0; i < num; ++i) y[static_cast<std::size_t>(i)] = static_cast<double>(i);
  if (div > 0) {
    const double step = delta / static_cast<double>(div);
    if (step == 0) {
      for (double& v : y) v = v / static_cast<double>(div) * delta;
    } else {
      for (double& v : y) v = v * step;
    }
  } else {
    for (double& v : y) v = v * delta;  // num is 0 or 1 here (NaN * 0 stays NaN, as in NumPy)
  }
  for (double& v : y) v = v + d_start;
  if (endpoint && num > 1) y.back() = d_stop;
  NDArray<T, 1> result(Shape<1>{num});
  for (int64_t i = 0; i < num; ++i) {
    double v = y[static_cast<std::size_t>(i)];
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) v = std::floor(v);
    result.data()[i] = cast_value<T>(v);
  }
  return result;
}

// np.logspace(start, stop, num, endpoint, base, dtype=T): np.power(base, linspace(...)) in
// float64, then cast (as NumPy's astype: integers truncate).
template <class T, class A, class B>
NDArray<T, 1> logspace(A start, B stop, int64_t num = 50, bool endpoint = true, double base = 10.0) {
  const NDArray<double, 1> y = linspace<double>(start, stop, num, endpoint);
  NDArray<T, 1> result(Shape<1>{num});
  for (int64_t i = 0; i < num; ++i) result.data()[i] = cast_value<T>(std::pow(base, y.data()[i]));
  return result;
}

// np.geomspace(start, stop, num, endpoint, dtype=T), NumPy 1.26's steps: both ends negative
// are mirrored to positive, logspace of their log10s, the ends set exactly, the sign restored.
template <class T, class A, class B>
NDArray<T, 1> geomspace(A start, B stop, int64_t num = 50, bool endpoint = true) {
  double d_start = static_cast<double>(start), d_stop = static_cast<double>(stop);
  if (d_start == 0 || d_stop == 0) throw PyException("ValueError", "Geometric sequence cannot include zero");
  double sign = 1.0;
  if (d_start < 0 && d_stop < 0) {
    d_start = -d_start;
    d_stop = -d_stop;
    sign = -1.0;
  }
  NDArray<double, 1> y = logspace<double>(std::log10(d_start), std::log10(d_stop), num, endpoint, 10.0);
  if (num > 0) {
    y.data()[0] = d_start;
    if (num > 1 && endpoint) y.data()[num - 1] = d_stop;
  }
  NDArray<T, 1> result(Shape<1>{num});
  for (int64_t i = 0; i < num; ++i) result.data()[i] = cast_value<T>(sign * y.data()[i]);
  return result;
}

// np.eye(n, m, k): ones on the k-th diagonal (m < 0 stands for None: m = n).
template <class T>
NDArray<T, 2> eye(int64_t n, int64_t m = -1, int64_t k = 0) {
  if (m < 0) m = n;
  NDArray<T, 2> result(Shape<2>{n, m});
  for (int64_t i = 0; i < n; ++i) {
    const int64_t j = i + k;
    if (j >= 0 && j < m) result.data()[i * m + j] = T(1);
  }
  return result;
}

// np.identity(n).
template <class T>
NDArray<T, 2> identity(int64_t n) {
  return eye<T>(n);
}

// A module-level array that py2cuda froze at translation time, read by a host function: a
// new C-contiguous NDArray of the values in the C array `data`, of the same shape.
template <class T, std::size_t A>
NDArray<T, 1> frozen_array(const T (&data)[A]) {
  NDArray<T, 1> result(Shape<1>{static_cast<int64_t>(A)});
  std::copy_n(&data[0], A, result.data());
  return result;
}
template <class T, std::size_t A, std::size_t B>
NDArray<T, 2> frozen_array(const T (&data)[A][B]) {
  NDArray<T, 2> result(Shape<2>{static_cast<int64_t>(A), static_cast<int64_t>(B)});
  std::copy_n(&data[0][0], A * B, result.data());
  return result;
}
template <class T, std::size_t A, std::size_t B, std::size_t C>
NDArray<T, 3> frozen_array(const T (&data)[A][B][C]) {
  NDArray<T, 3> result(Shape<3>{static_cast<int64_t>(A), static_cast<int64_t>(B), static_cast<int64_t>(C)});
  std::copy_n(&data[0][0][0], A * B * C, result.data());
  return result;
}

// np.array from literal nested lists: array<double>({1, 2, 3}), array<int64_t>({{1, 2}, {3, 4}}).
template <class T>
NDArray<T, 1> array(std::initializer_list<T> values) {
  NDArray<T, 1> result(Shape<1>{static_cast<int64_t>(values.size())});
  T* out = result.data();
  for (const T& v : values) *out++ = v;
  return result;
}

namespace detail {
[[noreturn]] inline void throw_inhomogeneous(int depth) {
  throw PyException("ValueError",
                    "setting an array element with a sequence. The requested array has an inhomogeneous "
                    "shape after " + std::to_string(depth) + " dimensions. The detected shape was (...) "
                    "+ inhomogeneous part.");
}
}  // namespace detail

template <class T>
NDArray<T, 2> array(std::initializer_list<std::initializer_list<T>> rows) {
  const int64_t n = static_cast<int64_t>(rows.size());
  const int64_t m = n ? static_cast<int64_t>(rows.begin()->size()) : 0;
  NDArray<T, 2> result(Shape<2>{n, m});
  T* out = result.data();
  for (const auto& row : rows) {
    if (static_cast<int64_t>(row.size()) != m) detail::throw_inhomogeneous(1);
    for (const T& v : row) *out++ = v;
  }
  return result;
}

template <class T>
NDArray<T, 3> array(std::initializer_list<std::initializer_list<std::initializer_list<T>>> planes) {
  const int64_t n = static_cast<int64_t>(planes.size());
  const int64_t m = n ? static_cast<int64_t>(planes.begin()->size()) : 0;
  const int64_t p = m ? static_cast<int64_t>(planes.begin()->begin()->size()) : 0;
  NDArray<T, 3> result(Shape<3>{n, m, p});
  T* out = result.data();
  for (const auto& plane : planes) {
    if (static_cast<int64_t>(plane.size()) != m) detail::throw_inhomogeneous(1);
    for (const auto& row : plane) {
      if (static_cast<int64_t>(row.size()) != p) detail::throw_inhomogeneous(2);
      for (const T& v : row) *out++ = v;
    }
  }
  return result;
}

// np.array(values).reshape(shape) from C-order values, e.g. a list built at run time.
template <class T, std::size_t N>
NDArray<T, static_cast<int>(N)> array(const std::vector<T>& values, const std::array<int64_t, N>& shape) {
  NDArray<T, static_cast<int>(N)> result(shape);
  if (static_cast<int64_t>(values.size()) != result.size()) {
    throw PyException("ValueError", "cannot reshape array of size " + std::to_string(values.size()) +
                                        " into shape " + detail::shape_repr(shape));
  }
  for (int64_t i = 0; i < result.size(); ++i) result.data()[i] = values[static_cast<std::size_t>(i)];
  return result;
}
template <class T>
NDArray<T, 1> array(const std::vector<T>& values) {
  return array(values, std::array<int64_t, 1>{static_cast<int64_t>(values.size())});
}

// np.concatenate(arrays, axis): every dimension but `axis` must match.
template <class T, int N>
NDArray<T, N> concatenate(const std::vector<NDArray<T, N>>& arrays, int axis = 0) {
  if (arrays.empty()) throw PyException("ValueError", "need at least one array to concatenate");
  if (axis < -N || axis >= N) {
    throw PyException("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                       std::to_string(N));
  }
  if (axis < 0) axis += N;
  Shape<N> shape = arrays[0].shape();
  shape[axis] = 0;
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    for (int d = 0; d < N; ++d) {
      if (d != axis && arrays[i].shape(d) != arrays[0].shape(d)) {
        throw PyException("ValueError",
                          "all the input array dimensions except for the concatenation axis must match "
                          "exactly, but along dimension " + std::to_string(d) + ", the array at index 0 has size " +
                              std::to_string(arrays[0].shape(d)) + " and the array at index " + std::to_string(i) +
                              " has size " + std::to_string(arrays[i].shape(d)));
      }
    }
    shape[axis] += arrays[i].shape(axis);
  }
  NDArray<T, N> result(shape);
  int64_t offset = 0;
  for (const auto& part : arrays) {
    // The block of the result that `part` fills: the same shape, shifted along `axis`.
    Shape<N> strides = result.strides();
    NDArray<T, N> block(result.storage(), result.data() + offset * strides[axis], part.shape(), strides);
    assign(block, part);
    offset += part.shape(axis);
  }
  return result;
}

// np.stack(arrays, axis): a new dimension at `axis`; every array has the same shape.
template <class T, int N>
NDArray<T, N + 1> stack(const std::vector<NDArray<T, N>>& arrays, int axis = 0) {
  if (arrays.empty()) throw PyException("ValueError", "need at least one array to stack");
  if (axis < -(N + 1) || axis > N) {
    throw PyException("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                       std::to_string(N + 1));
  }
  if (axis < 0) axis += N + 1;
  for (const auto& a : arrays) {
    if (a.shape() != arrays[0].shape()) throw PyException("ValueError", "all input arrays must have the same shape");
  }
  Shape<N + 1> shape{}, unit_shape{};
  for (int d = 0, s = 0; d <= N; ++d) {
    shape[d] = d == axis ? static_cast<int64_t>(arrays.size()) : arrays[0].shape(s);
    unit_shape[d] = d == axis ? 1 : arrays[0].shape(s);
    if (d != axis) ++s;
  }
  std::vector<NDArray<T, N + 1>> expanded;
  for (const auto& a : arrays) expanded.push_back(reshape<N + 1>(a, unit_shape));
  (void)shape;
  return concatenate(expanded, axis);
}

// np.vstack: 1-D arrays become rows; np.hstack: 1-D arrays join end to end, else axis 1.
template <class T>
NDArray<T, 2> vstack(const std::vector<NDArray<T, 1>>& rows) {
  return stack(rows, 0);
}
template <class T>
NDArray<T, 2> vstack(const std::vector<NDArray<T, 2>>& arrays) {
  return concatenate(arrays, 0);
}
template <class T, int N>
NDArray<T, N> hstack(const std::vector<NDArray<T, N>>& arrays) {
  return concatenate(arrays, N == 1 ? 0 : 1);
}

// np.tile(a, reps): `a` repeated reps[d] times along each axis. The result has
// max(a.ndim, len(reps)) dimensions; the shorter of the two is padded with leading 1s.
template <class T, int N, std::size_t M>
auto tile(const NDArray<T, N>& a, const std::array<int64_t, M>& reps) {
  constexpr int D = std::max(N, static_cast<int>(M));
  std::array<int64_t, D> a_shape{}, out_shape{};
  for (int d = 0; d < D; ++d) {
    const int ad = d - (D - N), rd = d - (D - static_cast<int>(M));
    a_shape[d] = ad >= 0 ? a.shape(ad) : 1;
    const int64_t r = rd >= 0 ? reps[static_cast<std::size_t>(rd)] : 1;
    out_shape[d] = a_shape[d] * std::max<int64_t>(r, 0);
  }
  NDArray<T, D> out(out_shape);
  const int64_t count = out.size();
  std::array<int64_t, D> index{};
  for (int64_t i = 0; i < count; ++i) {
    int64_t offset = 0;
    for (int d = D - N; d < D; ++d) offset += (index[d] % a_shape[d]) * a.stride(d - (D - N));
    out.data()[i] = a.data()[offset];
    for (int d = D - 1; d >= 0 && ++index[d] == out_shape[d]; --d) index[d] = 0;
  }
  return out;
}
template <class T, int N>
auto tile(const NDArray<T, N>& a, int64_t reps) {
  return tile(a, std::array<int64_t, 1>{reps});
}

}  // namespace py2cuda::host
