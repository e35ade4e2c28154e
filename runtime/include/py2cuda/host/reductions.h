// py2cuda host runtime: NumPy reductions (sum, mean, var, min, argmax, ...), dot and isclose.
//
// Float sums reproduce NumPy 1.26 bit for bit, which needs its order of additions:
//  * The add loop sums each contiguous-in-the-loop run with pairwise summation
//    (pairwise_sum in loops_utils.h.src): runs under 8 elements add in order; up to
//    128 they use 8 accumulators, combined ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then
//    the leftover elements; longer runs split at n/2 rounded down to a multiple of 8.
//  * The reduction iterator is buffered with NumPy's default buffer size, 8192: the
//    loop never sees more than 8192 elements at once, and the accumulator (starting at
//    the identity 0) adds each run's pairwise sum in turn.
//  * Full reductions go through the array in memory order (axes sorted by |stride|,
//    contiguous axes merged; a negative stride is followed as it is), so a C-contiguous
//    array is one run of size() elements, cut in 8192-blocks; a strided 1-D view is
//    one run too. Any other layout (sliced, or needing a cast such as int -> float64
//    in mean) goes through the buffer, which gathers 8192 elements across rows in that
//    order: the same blocks of the same flat sequence.
//  * Axis reductions: when the reduced axis is the innermost memory axis (axis=1 of a
//    C array), each output is the pairwise sum of its run, in 8192-blocks; otherwise
//    (axis=0 of a C array) the outputs accumulate one slice at a time, in index order.
// These rules were checked against NumPy 1.26.4 (tests/host/run_host_ndarray.py) for
// 1-D arrays (contiguous, strided, reversed), 2-D C, transposed, sliced, reversed and
// strided arrays (full and axis 0/1), and 3-D C and transposed arrays (full, axis
// 0/1/2); other layouts follow the same rules unverified. Integer sums are exact in any
// order (int64/uint64 accumulators wrap), as are min/max (up to the sign of a zero
// result), argmin/argmax, all/any.
//
// dot/matmul: NumPy calls BLAS for float32/float64, whose summation order is its own;
// here a matrix product's element is a chain of fused multiply-adds over k in order (what
// OpenBLAS's x86-64 GEMM kernels do for k up to a few hundred: float64 products match
// NumPy's bit for bit there for most shapes) and every other product a plain loop over k,
// so float results may differ from NumPy's in the last bits. Integer results are exact.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "cast.h"
#include "dims.h"
#include "elementwise.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

// NumPy's default accumulator of sum/prod/cumsum: bool and signed integers add in int64,
// unsigned in uint64, floats in their own type.
template <class T>
using SumType = std::conditional_t<
    std::is_floating_point_v<T>, T,
    std::conditional_t<std::is_unsigned_v<T> && !std::is_same_v<T, bool>, uint64_t, int64_t>>;

// mean/var's default: floats in their own type, integers and bool in float64.
template <class T>
using MeanType = std::conditional_t<std::is_floating_point_v<T>, T, double>;

namespace detail {

inline constexpr int64_t kReduceBufferSize = 8192;  // NPY_BUFSIZE
inline constexpr int64_t kPairwiseBlock = 128;       // PW_BLOCKSIZE

// NumPy's pairwise summation of n elements p[0], p[stride], ..., each converted to A.
template <class A, class T>
A pairwise_sum(const T* p, int64_t n, int64_t stride) {
  auto at = [&](int64_t i) { return cast_value<A>(p[i * stride]); };
  if (n < 8) {
    A sum = A(0);
    for (int64_t i = 0; i < n; ++i) sum = scalar::add(sum, at(i));
    return sum;
  }
  if (n <= kPairwiseBlock) {
    A r[8];
    for (int j = 0; j < 8; ++j) r[j] = at(j);
    int64_t i = 8;
    for (; i < n - n % 8; i += 8) {
      for (int j = 0; j < 8; ++j) r[j] = scalar::add(r[j], at(i + j));
    }
    A sum = scalar::add(scalar::add(scalar::add(r[0], r[1]), scalar::add(r[2], r[3])),
                        scalar::add(scalar::add(r[4], r[5]), scalar::add(r[6], r[7])));
    for (; i < n; ++i) sum = scalar::add(sum, at(i));
    return sum;
  }
  int64_t half = n / 2;
  half -= half % 8;
  return scalar::add(pairwise_sum<A>(p, half, stride), pairwise_sum<A>(p + half * stride, n - half, stride));
}

// acc + the run p[0..n) as NumPy's buffered add loop adds it: 8192 elements at a time.
template <class A, class T>
A add_run(A acc, const T* p, int64_t n, int64_t stride) {
  for (int64_t start = 0; start < n; start += kReduceBufferSize) {
    acc = scalar::add(acc, pairwise_sum<A>(p + start * stride, std::min(kReduceBufferSize, n - start), stride));
  }
  return acc;
}

// The array's axes in memory order: extent-1 axes dropped, sorted by decreasing |stride|,
// adjacent axes that step through memory as one merged. Negative strides stay as they
// are: NumPy's reduction visits a[::-1] from its end, as written.
template <class T>
struct MemoryLayout {
  const T* data;
  std::vector<int64_t> shape, strides;  // outermost first
};
template <class T, int N>
MemoryLayout<T> memory_layout(const NDArray<T, N>& a) {
  MemoryLayout<T> m{a.data(), {}, {}};
  std::vector<std::pair<int64_t, int64_t>> axes;  // (stride, extent)
  for (int d = 0; d < N; ++d) {
    if (a.shape(d) != 1) axes.push_back({a.stride(d), a.shape(d)});
  }
  auto magnitude = [](int64_t stride) { return stride < 0 ? -stride : stride; };
  std::stable_sort(axes.begin(), axes.end(),
                   [&](const auto& x, const auto& y) { return magnitude(x.first) > magnitude(y.first); });
  for (const auto& [stride, extent] : axes) {
    if (!m.shape.empty() && m.strides.back() == stride * extent) {
      m.shape.back() *= extent;
      m.strides.back() = stride;
    } else {
      m.shape.push_back(extent);
      m.strides.push_back(stride);
    }
  }
  if (m.shape.empty()) {  // one element (or every extent 1)
    m.shape.push_back(1);
    m.strides.push_back(1);
  }
  return m;
}

// Calls f(pointer, count, stride) for each innermost run of `a` in memory order.
template <class T, int N, class F>
void for_each_run(const NDArray<T, N>& a, F&& f) {
  if (a.size() == 0) return;
  const MemoryLayout<T> m = memory_layout(a);
  const std::size_t outer = m.shape.size() - 1;
  std::vector<int64_t> index(outer, 0);
  const T* base = m.data;
  while (true) {
    f(base, m.shape[outer], m.strides[outer]);
    std::size_t d = outer;
    for (; d-- > 0;) {
      base += m.strides[d];
      if (++index[d] < m.shape[d]) break;
      base -= m.strides[d] * m.shape[d];
      index[d] = 0;
    }
    if (d == static_cast<std::size_t>(-1)) return;
  }
}

// The full sum in accumulator type A, in NumPy's order (see the top of this file).
template <class A, class T, int N>
A sum_all(const NDArray<T, N>& a) {
  A acc = A(0);
  if constexpr (!std::is_floating_point_v<A>) {
    // Integer sums are exact (modulo 2^64) in any order.
    for_each_run(a, [&](const T* p, int64_t n, int64_t stride) {
      for (int64_t i = 0; i < n; ++i) acc = scalar::add(acc, cast_value<A>(p[i * stride]));
    });
    return acc;
  } else {
    if (a.size() == 0) return acc;
    const MemoryLayout<T> m = memory_layout(a);
    if (m.shape.size() == 1) return add_run(acc, m.data, m.shape[0], m.strides[0]);  // one run
    // Several runs: NumPy's buffer gathers 8192 elements (converted to A) across them.
    std::vector<A> buffer;
    buffer.reserve(static_cast<std::size_t>(std::min(a.size(), kReduceBufferSize)));
    auto flush = [&] {
      acc = scalar::add(acc, pairwise_sum<A>(buffer.data(), static_cast<int64_t>(buffer.size()), 1));
      buffer.clear();
    };
    for_each_run(a, [&](const T* p, int64_t n, int64_t stride) {
      for (int64_t i = 0; i < n; ++i) {
        buffer.push_back(cast_value<A>(p[i * stride]));
        if (static_cast<int64_t>(buffer.size()) == kReduceBufferSize) flush();
      }
    });
    if (!buffer.empty()) flush();
    return acc;
  }
}

template <int N>
int normalize_axis(int axis) {
  if (axis < -N || axis >= N) {
    throw PyException("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                       std::to_string(N));
  }
  return axis < 0 ? axis + N : axis;
}

// Whether `axis` is the innermost axis in memory: NumPy's reduce loop then runs along it.
template <class T, int N>
bool is_innermost_axis(const NDArray<T, N>& a, int axis) {
  if (a.shape(axis) <= 1) return false;
  const int64_t stride = a.stride(axis) < 0 ? -a.stride(axis) : a.stride(axis);
  for (int d = 0; d < N; ++d) {
    if (d == axis || a.shape(d) <= 1) continue;
    const int64_t other = a.stride(d) < 0 ? -a.stride(d) : a.stride(d);
    if (other < stride || (other == stride && d > axis)) return false;
  }
  return true;
}

// out[j] = f(pointer to the first element of output j's line along `axis`, extent, stride)
// for each output j in C order.
template <class R, class T, int N, class F>
NDArray<R, N - 1> reduce_lines(const NDArray<T, N>& a, int axis, F&& f) {
  const NDArray<T, N - 1> first = drop_axis(a, axis);
  NDArray<R, N - 1> result(first.shape());
  R* out = result.data();
  const int64_t extent = a.shape(axis), stride = a.stride(axis);
  first.for_each_offset([&](int64_t offset) { *out++ = f(a.data() + offset, extent, stride); });
  return result;
}

}  // namespace detail

// np.sum(a) / np.sum(a, dtype=R).
template <class R = void, class T, int N>
auto sum(const NDArray<T, N>& a) {
  using A = std::conditional_t<std::is_void_v<R>, SumType<T>, R>;
  return detail::sum_all<A>(a);
}

// np.trace(a, offset=0): the sum of a 2-D array's diagonal, as np.sum sums it.
template <class R = void, class T>
auto trace(const NDArray<T, 2>& a, int64_t offset = 0) {
  const int64_t row = offset < 0 ? -offset : 0, col = offset > 0 ? offset : 0;
  const int64_t rows = a.shape(0) - row, cols = a.shape(1) - col;
  const int64_t n = rows < cols ? (rows > 0 ? rows : 0) : (cols > 0 ? cols : 0);
  T* start = n > 0 ? a.data() + row * a.stride(0) + col * a.stride(1) : a.data();
  return sum<R>(NDArray<T, 1>(a.storage(), start, Shape<1>{n}, Shape<1>{a.stride(0) + a.stride(1)}));
}

// np.sum(a, axis) for N >= 2 (a 1-D array's axis 0 is the full sum above).
template <class R = void, class T, int N>
auto sum(const NDArray<T, N>& a, int axis) {
  static_assert(N >= 2, "sum(a, axis) of a 1-D array: use sum(a)");
  using A = std::conditional_t<std::is_void_v<R>, SumType<T>, R>;
  axis = detail::normalize_axis<N>(axis);
  if (detail::is_innermost_axis(a, axis)) {
    return detail::reduce_lines<A>(a, axis, [](const T* p, int64_t n, int64_t stride) {
      return detail::add_run(A(0), p, n, stride);
    });
  }
  // The outputs accumulate slice after slice along `axis`, each element added in turn
  // (slice-major, as NumPy's loop runs, which also keeps the reads sequential).
  const NDArray<T, N - 1> first = drop_axis(a, axis);
  NDArray<A, N - 1> result(first.shape());
  A* out = result.data();
  for (int64_t i = 0; i < a.shape(axis); ++i) {
    const T* slice_data = a.data() + i * a.stride(axis);
    int64_t j = 0;
    first.for_each_offset([&](int64_t offset) {
      out[j] = scalar::add(out[j], cast_value<A>(slice_data[offset]));
      ++j;
    });
  }
  return result;
}

// np.prod: a running product (NumPy has no pairwise product), in memory order.
template <class R = void, class T, int N>
auto prod(const NDArray<T, N>& a) {
  using A = std::conditional_t<std::is_void_v<R>, SumType<T>, R>;
  A acc = A(1);
  detail::for_each_run(a, [&](const T* p, int64_t n, int64_t stride) {
    for (int64_t i = 0; i < n; ++i) acc = scalar::multiply(acc, cast_value<A>(p[i * stride]));
  });
  return acc;
}

// np.prod(a, axis) for N >= 2: running products along `axis`, in order.
template <class R = void, class T, int N>
auto prod(const NDArray<T, N>& a, int axis) {
  static_assert(N >= 2, "prod(a, axis) of a 1-D array: use prod(a)");
  using A = std::conditional_t<std::is_void_v<R>, SumType<T>, R>;
  axis = detail::normalize_axis<N>(axis);
  return detail::reduce_lines<A>(a, axis, [](const T* p, int64_t n, int64_t stride) {
    A acc = A(1);
    for (int64_t i = 0; i < n; ++i) acc = scalar::multiply(acc, cast_value<A>(p[i * stride]));
    return acc;
  });
}

// np.mean (numpy/_core/_methods._mean): the sum in R (float64 for integer input, the
// input's own type for floats), divided by the count in R.
template <class R = void, class T, int N>
auto mean(const NDArray<T, N>& a) {
  using A = std::conditional_t<std::is_void_v<R>, MeanType<T>, R>;
  return static_cast<A>(detail::sum_all<A>(a) / static_cast<A>(a.size()));
}
template <class R = void, class T, int N>
auto mean(const NDArray<T, N>& a, int axis) {
  using A = std::conditional_t<std::is_void_v<R>, MeanType<T>, R>;
  axis = detail::normalize_axis<N>(axis);
  NDArray<A, N - 1> result = sum<A>(a, axis);
  const A count = static_cast<A>(a.shape(axis));
  for (int64_t i = 0, n = result.size(); i < n; ++i) result.data()[i] = result.data()[i] / count;
  return result;
}

namespace detail {

// A new array of a's shape laid out in a's memory order (NumPy's order='K' for ufunc
// outputs), so reductions over it see the same order as over `a`.
template <class R, class T, int N>
NDArray<R, N> empty_in_memory_order(const NDArray<T, N>& a) {
  std::array<int, N> order;
  for (int d = 0; d < N; ++d) order[d] = d;
  auto magnitude = [&](int d) { return a.stride(d) < 0 ? -a.stride(d) : a.stride(d); };
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return magnitude(x) > magnitude(y); });
  Shape<N> strides{};
  int64_t step = 1;
  for (int k = N - 1; k >= 0; --k) {
    strides[order[k]] = step;
    step *= a.shape(order[k]);
  }
  const int64_t size = a.size();
  std::shared_ptr<R[]> storage(new R[static_cast<std::size_t>(size > 0 ? size : 1)]());
  return NDArray<R, N>(storage, storage.get(), a.shape(), strides);
}

// (a - mean)**2 in R, laid out like `a`; `mean` broadcasts against a.
template <class R, class T, int N, class M>
NDArray<R, N> squared_deviations(const NDArray<T, N>& a, const M& mean) {
  NDArray<R, N> x = empty_in_memory_order<R>(a);
  assign(x, a);
  R* out = x.data();
  const Shape<N> shape = x.shape();
  broadcast_loop<N>(
      shape, x.strides(),
      [out](int64_t o, R centre) {
        const R d = out[o] - centre;
        out[o] = d * d;
      },
      strided_operand<N>(mean, shape));
  return x;
}

template <class A>
A divide_by_dof(A total, int64_t count, int64_t ddof) {
  const int64_t dof = count - ddof > 0 ? count - ddof : 0;
  return total / static_cast<A>(dof);  // dof 0: inf or NaN, as NumPy (with a warning)
}

}  // namespace detail

// np.var(a, ddof) (_methods._var): mean = sum / n; x = a - mean; x = x * x;
// sum(x) / max(n - ddof, 0), everything in R (float64 for integer input).
template <class R = void, class T, int N>
auto var(const NDArray<T, N>& a, int64_t ddof = 0) {
  using A = std::conditional_t<std::is_void_v<R>, MeanType<T>, R>;
  const A centre = static_cast<A>(detail::sum_all<A>(a) / static_cast<A>(a.size()));
  const NDArray<A, N> x = detail::squared_deviations<A>(a, centre);
  return detail::divide_by_dof(detail::sum_all<A>(x), a.size(), ddof);
}
template <class R = void, class T, int N>
auto var(const NDArray<T, N>& a, int axis, int64_t ddof) {
  using A = std::conditional_t<std::is_void_v<R>, MeanType<T>, R>;
  axis = detail::normalize_axis<N>(axis);
  // The mean with keepdims: the reduced axis becomes extent 1, so it broadcasts.
  NDArray<A, N - 1> centre = mean<A>(a, axis);
  Shape<N> keep_shape = a.shape();
  keep_shape[axis] = 1;
  const NDArray<A, N> x = detail::squared_deviations<A>(a, reshape<N>(centre, keep_shape));
  NDArray<A, N - 1> result = sum<A>(x, axis);
  for (int64_t i = 0, n = result.size(); i < n; ++i) {
    result.data()[i] = detail::divide_by_dof(result.data()[i], a.shape(axis), ddof);
  }
  return result;
}

// np.std: the square root of var, in the same type.
template <class R = void, class T, int N>
auto std(const NDArray<T, N>& a, int64_t ddof = 0) {
  return std::sqrt(var<R>(a, ddof));
}
template <class R = void, class T, int N>
auto std(const NDArray<T, N>& a, int axis, int64_t ddof) {
  auto result = var<R>(a, axis, ddof);
  for (int64_t i = 0, n = result.size(); i < n; ++i) result.data()[i] = std::sqrt(result.data()[i]);
  return result;
}

namespace detail {

[[noreturn]] inline void throw_no_identity(const char* ufunc) {
  throw PyException("ValueError", std::string("zero-size array to reduction operation ") + ufunc +
                                      " which has no identity");
}

// min/max of a line: NaN propagates (np.minimum / np.maximum semantics).
template <bool Max, class T>
T extreme_of_line(const T* p, int64_t n, int64_t stride) {
  T acc = p[0];
  for (int64_t i = 1; i < n; ++i) acc = Max ? scalar::maximum(acc, p[i * stride]) : scalar::minimum(acc, p[i * stride]);
  return acc;
}

// argmin/argmax of a line: the first extreme element, or the first NaN.
template <bool Max, class T>
int64_t arg_extreme_of_line(const T* p, int64_t n, int64_t stride) {
  T best = p[0];
  int64_t best_index = 0;
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(best)) return 0;
  }
  for (int64_t i = 1; i < n; ++i) {
    const T v = p[i * stride];
    // `!(v <= best)` is true for a NaN, which then wins and ends the search.
    if (Max ? !(v <= best) : !(v >= best)) {
      best = v;
      best_index = i;
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(v)) break;
      }
    }
  }
  return best_index;
}

template <bool Max, class T, int N>
T extreme(const NDArray<T, N>& a) {
  if (a.size() == 0) throw_no_identity(Max ? "maximum" : "minimum");
  T acc = T();
  bool first = true;
  for_each_run(a, [&](const T* p, int64_t n, int64_t stride) {
    const T line = extreme_of_line<Max>(p, n, stride);
    acc = first ? line : (Max ? scalar::maximum(acc, line) : scalar::minimum(acc, line));
    first = false;
  });
  return acc;
}

template <bool Max, class T, int N>
int64_t arg_extreme(const NDArray<T, N>& a) {
  if (a.size() == 0) {
    throw PyException("ValueError", std::string("attempt to get ") + (Max ? "argmax" : "argmin") +
                                        " of an empty sequence");
  }
  const NDArray<T, N> c = ascontiguousarray(a);  // NumPy also searches a C-order copy
  return arg_extreme_of_line<Max>(c.data(), c.size(), 1);
}

}  // namespace detail

// np.min / np.max (np.amin / np.amax): ValueError for an empty array.
template <class T, int N>
T min(const NDArray<T, N>& a) {
  return detail::extreme<false>(a);
}
template <class T, int N>
T max(const NDArray<T, N>& a) {
  return detail::extreme<true>(a);
}
template <class T, int N>
NDArray<T, N - 1> min(const NDArray<T, N>& a, int axis) {
  axis = detail::normalize_axis<N>(axis);
  if (a.shape(axis) == 0) detail::throw_no_identity("minimum");
  return detail::reduce_lines<T>(a, axis, detail::extreme_of_line<false, T>);
}
template <class T, int N>
NDArray<T, N - 1> max(const NDArray<T, N>& a, int axis) {
  axis = detail::normalize_axis<N>(axis);
  if (a.shape(axis) == 0) detail::throw_no_identity("maximum");
  return detail::reduce_lines<T>(a, axis, detail::extreme_of_line<true, T>);
}

// np.argmin / np.argmax: the C-order flat index of the first extreme (or first NaN).
template <class T, int N>
int64_t argmin(const NDArray<T, N>& a) {
  return detail::arg_extreme<false>(a);
}
template <class T, int N>
int64_t argmax(const NDArray<T, N>& a) {
  return detail::arg_extreme<true>(a);
}
template <class T, int N>
NDArray<int64_t, N - 1> argmin(const NDArray<T, N>& a, int axis) {
  axis = detail::normalize_axis<N>(axis);
  if (a.shape(axis) == 0) throw PyException("ValueError", "attempt to get argmin of an empty sequence");
  return detail::reduce_lines<int64_t>(a, axis, detail::arg_extreme_of_line<false, T>);
}
template <class T, int N>
NDArray<int64_t, N - 1> argmax(const NDArray<T, N>& a, int axis) {
  axis = detail::normalize_axis<N>(axis);
  if (a.shape(axis) == 0) throw PyException("ValueError", "attempt to get argmax of an empty sequence");
  return detail::reduce_lines<int64_t>(a, axis, detail::arg_extreme_of_line<true, T>);
}

// np.all / np.any / np.count_nonzero (NaN counts as true).
template <class T, int N>
bool all(const NDArray<T, N>& a) {
  bool result = true;
  a.for_each_offset([&](int64_t o) { result = result && cast_value<bool>(a.data()[o]); });
  return result;
}
template <class T, int N>
bool any(const NDArray<T, N>& a) {
  bool result = false;
  a.for_each_offset([&](int64_t o) { result = result || cast_value<bool>(a.data()[o]); });
  return result;
}
template <class T, int N>
int64_t count_nonzero(const NDArray<T, N>& a) {
  int64_t count = 0;
  a.for_each_offset([&](int64_t o) { count += cast_value<bool>(a.data()[o]) ? 1 : 0; });
  return count;
}
// np.all(a, axis) / np.any(a, axis) for N >= 2: bool arrays.
template <class T, int N>
NDArray<bool, N - 1> all(const NDArray<T, N>& a, int axis) {
  return detail::reduce_lines<bool>(a, detail::normalize_axis<N>(axis), [](const T* p, int64_t n, int64_t stride) {
    for (int64_t i = 0; i < n; ++i) {
      if (!cast_value<bool>(p[i * stride])) return false;
    }
    return true;
  });
}
template <class T, int N>
NDArray<bool, N - 1> any(const NDArray<T, N>& a, int axis) {
  return detail::reduce_lines<bool>(a, detail::normalize_axis<N>(axis), [](const T* p, int64_t n, int64_t stride) {
    for (int64_t i = 0; i < n; ++i) {
      if (cast_value<bool>(p[i * stride])) return true;
    }
    return false;
  });
}

// np.count_nonzero(a, axis): the count along `axis`, int64.
template <class T, int N>
auto count_nonzero(const NDArray<T, N>& a, int axis) {
  axis = detail::normalize_axis<N>(axis);
  if constexpr (N == 1) {
    return count_nonzero(a);
  } else {
    return detail::reduce_lines<int64_t>(a, axis, [](const T* p, int64_t n, int64_t stride) {
      int64_t count = 0;
      for (int64_t i = 0; i < n; ++i) count += cast_value<bool>(p[i * stride]) ? 1 : 0;
      return count;
    });
  }
}

// np.cumsum(a) (flattened, C order) and np.cumsum(a, axis): running sums, in order.
template <class R = void, class T, int N>
auto cumsum(const NDArray<T, N>& a) {
  using A = std::conditional_t<std::is_void_v<R>, SumType<T>, R>;
  NDArray<A, 1> result(Shape<1>{a.size()});
  A acc = A(0);
  A* out = result.data();
  a.for_each_offset([&](int64_t o) {
    acc = (out == result.data()) ? cast_value<A>(a.data()[o]) : scalar::add(acc, cast_value<A>(a.data()[o]));
    *out++ = acc;
  });
  return result;
}
template <class R = void, class T, int N>
auto cumsum(const NDArray<T, N>& a, int axis) {
  using A = std::conditional_t<std::is_void_v<R>, SumType<T>, R>;
  axis = detail::normalize_axis<N>(axis);
  NDArray<A, N> result = astype<A>(a);
  const int64_t extent = result.shape(axis), stride = result.stride(axis);
  drop_axis(result, axis).for_each_offset([&](int64_t o) {
    A* p = result.data() + o;
    for (int64_t i = 1; i < extent; ++i) p[i * stride] = scalar::add(p[(i - 1) * stride], p[i * stride]);
  });
  return result;
}

// np.dot / np.matmul (@) in R: 1-D.1-D -> R, 2-D x 2-D, 2-D x 1-D, 1-D x 2-D.
template <class R, class T, class U>
R dot(const NDArray<T, 1>& a, const NDArray<U, 1>& b) {
  if (a.shape(0) != b.shape(0)) {
    throw PyException("ValueError", "shapes " + detail::shape_repr(a.shape()) + " and " +
                                        detail::shape_repr(b.shape()) + " not aligned: " +
                                        std::to_string(a.shape(0)) + " (dim 0) != " + std::to_string(b.shape(0)) +
                                        " (dim 0)");
  }
  if constexpr (std::is_same_v<R, float>) {
    // sdot: BLAS sums float32 products in many partial sums, near the exact sum; a running
    // float32 sum drifts from it with the length (in the 5th digit over 10^5 elements).
    // Summed in double and rounded once, the result is the exact one or next to it.
    double acc = 0;
    for (int64_t k = 0; k < a.shape(0); ++k) acc += double(cast_value<float>(a(k))) * double(cast_value<float>(b(k)));
    return static_cast<float>(acc);
  } else {
    R acc = R(0);
    for (int64_t k = 0; k < a.shape(0); ++k) {
      acc = scalar::add(acc, scalar::multiply(cast_value<R>(a(k)), cast_value<R>(b(k))));
    }
    return acc;
  }
}
namespace detail {
// a @ b; `fused`: each element a chain of fused multiply-adds over k in order, as OpenBLAS's
// x86-64 GEMM kernels accumulate one output element (for k up to their block size, a few
// hundred): float64 matrix products then match NumPy's bit for bit on such machines for
// most shapes (edge tiles and float32's kernels have orders of their own).
template <class R, class T, class U>
NDArray<R, 2> matrix_product(const NDArray<T, 2>& a, const NDArray<U, 2>& b, bool fused) {
  const int64_t n = a.shape(0), m = a.shape(1), p = b.shape(1);
  if (m != b.shape(0)) {
    throw PyException("ValueError", "shapes " + detail::shape_repr(a.shape()) + " and " +
                                        detail::shape_repr(b.shape()) + " not aligned: " + std::to_string(m) +
                                        " (dim 1) != " + std::to_string(b.shape(0)) + " (dim 0)");
  }
  NDArray<R, 2> result(Shape<2>{n, p});
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < p; ++j) {
      if constexpr (std::is_same_v<R, float>) {
        // float32: as the 1-D dot, summed in double and rounded once.
        double wide = 0;
        for (int64_t k = 0; k < m; ++k) wide += double(cast_value<float>(a(i, k))) * double(cast_value<float>(b(k, j)));
        result.data()[i * p + j] = static_cast<float>(wide);
        continue;
      }
      R acc = R(0);
      if constexpr (std::is_floating_point_v<R>) {
        if (fused) {
          for (int64_t k = 0; k < m; ++k) acc = std::fma(cast_value<R>(a(i, k)), cast_value<R>(b(k, j)), acc);
          result.data()[i * p + j] = acc;
          continue;
        }
      }
      for (int64_t k = 0; k < m; ++k) {
        acc = scalar::add(acc, scalar::multiply(cast_value<R>(a(i, k)), cast_value<R>(b(k, j))));
      }
      result.data()[i * p + j] = acc;
    }
  }
  return result;
}
}  // namespace detail

template <class R, class T, class U>
NDArray<R, 2> dot(const NDArray<T, 2>& a, const NDArray<U, 2>& b) {
  return detail::matrix_product<R>(a, b, true);
}
// Matrix-vector products: BLAS's gemv, whose order is neither; a plain loop over k.
template <class R, class T, class U>
NDArray<R, 1> dot(const NDArray<T, 2>& a, const NDArray<U, 1>& b) {
  return reshape<1>(detail::matrix_product<R>(a, reshape<2>(b, Shape<2>{b.shape(0), 1}), false), Shape<1>{a.shape(0)});
}
template <class R, class T, class U>
NDArray<R, 1> dot(const NDArray<T, 1>& a, const NDArray<U, 2>& b) {
  return reshape<1>(detail::matrix_product<R>(reshape<2>(a, Shape<2>{1, a.shape(0)}), b, false), Shape<1>{b.shape(1)});
}
template <class R, class X, class Y>
auto matmul(const X& a, const Y& b) {
  return dot<R>(a, b);
}

namespace detail {
// isclose's arithmetic type: NumPy makes y inexact (result_type(y, 1.0)) and computes
// x - y in the promotion of both: float32 only if y is float32 and x fits in float32.
template <class X, class Y>
using CloseType = std::conditional_t<std::is_same_v<Y, float> && (std::is_floating_point_v<X> ? std::is_same_v<X, float> : sizeof(X) <= 2),
                                     float, double>;
}  // namespace detail

// np.isclose(a, b, rtol, atol, equal_nan): |a - b| <= atol + rtol * |b| in C for finite
// pairs; infinities must be equal; NaN is never close unless equal_nan and both are NaN.
template <class C = void, class X, class Y>
auto isclose(const X& a, const Y& b, double rtol = 1e-05, double atol = 1e-08, bool equal_nan = false) {
  using Calc = std::conditional_t<std::is_void_v<C>,
                                  detail::CloseType<detail::OperandElement<X>, detail::OperandElement<Y>>, C>;
  const Calc r = static_cast<Calc>(rtol), t = static_cast<Calc>(atol);
  return map<bool>(
      [r, t, equal_nan](auto x_, auto y_) {
        const Calc x = cast_value<Calc>(x_), y = cast_value<Calc>(y_);
        if (std::isfinite(x) && std::isfinite(y)) return std::fabs(x - y) <= t + r * std::fabs(y);
        if (equal_nan && std::isnan(x) && std::isnan(y)) return true;
        return x == y;
      },
      a, b);
}

// np.allclose: every pair isclose.
template <class C = void, class X, class Y>
bool allclose(const X& a, const Y& b, double rtol = 1e-05, double atol = 1e-08, bool equal_nan = false) {
  const auto close = isclose<C>(a, b, rtol, atol, equal_nan);
  if constexpr (std::is_same_v<std::decay_t<decltype(close)>, bool>) {
    return close;  // two scalars: isclose is one bool
  } else {
    return all(close);
  }
}

// np.array_equal(a, b, equal_nan): the same shape and equal elements.
template <class T, int N, class U, int M>
bool array_equal(const NDArray<T, N>& a, const NDArray<U, M>& b, bool equal_nan = false) {
  if constexpr (N != M) {
    return false;
  } else {
    if (a.shape() != b.shape()) return false;
    using C = std::common_type_t<T, U>;
    return all(map<bool>(
        [equal_nan](T x_, U y_) {
          const C x = static_cast<C>(x_), y = static_cast<C>(y_);
          if constexpr (std::is_floating_point_v<C>) {
            if (equal_nan && std::isnan(x) && std::isnan(y)) return true;
          }
          return x == y;
        },
        a, b));
  }
}
// A scalar is an array of shape (): equal to another scalar of equal value, never to an array
// of one dimension or more.
template <class X, class Y>
  requires(detail::operand_rank<X> == 0 || detail::operand_rank<Y> == 0)
bool array_equal(const X& a, const Y& b, bool equal_nan = false) {
  if constexpr (detail::operand_rank<X> != 0 || detail::operand_rank<Y> != 0) {
    (void)a, (void)b, (void)equal_nan;
    return false;
  } else {
    using C = std::common_type_t<X, Y>;
    const C x = static_cast<C>(a), y = static_cast<C>(b);
    if constexpr (std::is_floating_point_v<C>) {
      if (equal_nan && std::isnan(x) && std::isnan(y)) return true;
    }
    return x == y;
  }
}

}  // namespace py2cuda::host
