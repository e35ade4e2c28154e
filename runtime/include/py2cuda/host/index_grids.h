// py2cuda host runtime: flat positions and multi-indices (np.unravel_index,
// np.ravel_multi_index) and the index grids np.mgrid / np.ogrid build (index_tricks.py's
// nd_grid). The translator passes a shape as a std::array of its extents and each of a
// grid's slices as (start, step, count), read from the slice at translation time.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../tuple.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

inline int64_t unravel_size(const int64_t* dims, std::size_t n) {
  int64_t size = 1;
  for (std::size_t d = 0; d < n; ++d) size *= dims[d];
  return size;
}

// NumPy's check (compiled_base.c): a flat index outside [0, size) is a ValueError.
inline void unravel_check(int64_t flat, int64_t size) {
  if (flat < 0 || flat >= size) {
    throw PyException("ValueError",
                      "index " + std::to_string(flat) + " is out of bounds for array with size " + std::to_string(size));
  }
}

template <std::size_t N, std::size_t... D>
auto unravel_one(int64_t flat, const std::array<int64_t, N>& dims, std::index_sequence<D...>) {
  unravel_check(flat, unravel_size(dims.data(), N));
  std::array<int64_t, N> index{};
  for (std::size_t d = N; d-- > 0;) {
    index[d] = flat % dims[d];
    flat /= dims[d];
  }
  return py2cuda::make_tuple(index[D]...);
}

template <class I, int M, std::size_t N, std::size_t... D>
auto unravel_many(const NDArray<I, M>& flat, const std::array<int64_t, N>& dims, std::index_sequence<D...>) {
  const int64_t size = unravel_size(dims.data(), N);
  std::array<NDArray<int64_t, M>, N> out{NDArray<int64_t, M>((void(D), flat.shape()))...};
  int64_t k = 0;
  flat.for_each_offset([&](int64_t o) {
    int64_t f = static_cast<int64_t>(flat.data()[o]);
    unravel_check(f, size);
    for (std::size_t d = N; d-- > 0;) {
      out[d].data()[k] = f % dims[d];
      f /= dims[d];
    }
    ++k;
  });
  return py2cuda::make_tuple(out[D]...);
}

// NumPy's ravel_multi_index with mode='raise'.
template <std::size_t N>
int64_t ravel_one(const std::array<int64_t, N>& index, const std::array<int64_t, N>& dims) {
  int64_t flat = 0;
  for (std::size_t d = 0; d < N; ++d) {
    if (index[d] < 0 || index[d] >= dims[d]) throw PyException("ValueError", "invalid entry in coordinates array");
    flat = flat * dims[d] + index[d];
  }
  return flat;
}

}  // namespace detail

// np.unravel_index(flat, shape) of an integer: a tuple of N int64.
template <std::size_t N>
auto unravel_index(int64_t flat, const std::array<int64_t, N>& dims) {
  return detail::unravel_one(flat, dims, std::make_index_sequence<N>{});
}

// np.unravel_index(flat, shape) of an integer array: a tuple of N int64 arrays of its shape.
template <class I, int M, std::size_t N>
auto unravel_index(const NDArray<I, M>& flat, const std::array<int64_t, N>& dims) {
  return detail::unravel_many(flat, dims, std::make_index_sequence<N>{});
}

// np.ravel_multi_index((i, j, ...), shape) of integers: the int64 flat position.
template <std::size_t N>
int64_t ravel_multi_index(const std::array<int64_t, N>& index, const std::array<int64_t, N>& dims) {
  return detail::ravel_one(index, dims);
}

// np.ravel_multi_index((rows, cols, ...), shape) of N integer arrays of one shape: int64 positions.
template <std::size_t N, class I, int M, class... More>
NDArray<int64_t, M> ravel_multi_index_arrays(const std::array<int64_t, N>& dims, const NDArray<I, M>& first,
                                             const More&... rest) {
  static_assert(sizeof...(More) + 1 == N, "one index array per dimension");
  for (const auto& other : {rest.shape()...}) {
    if (other != first.shape()) throw PyException("ValueError", "shape mismatch: objects cannot be broadcast to a single shape");
  }
  NDArray<int64_t, M> out(first.shape());
  auto c_order = [](const auto& a) {  // the elements in C order, as int64
    std::vector<int64_t> v;
    a.for_each_offset([&](int64_t o) { v.push_back(static_cast<int64_t>(a.data()[o])); });
    return v;
  };
  const std::array<std::vector<int64_t>, N> parts{c_order(first), c_order(rest)...};
  for (int64_t k = 0; k < out.size(); ++k) {
    std::array<int64_t, N> index{};
    for (std::size_t d = 0; d < N; ++d) index[d] = parts[d][static_cast<std::size_t>(k)];
    out.data()[k] = detail::ravel_one(index, dims);
  }
  return out;
}

// One axis of np.mgrid/np.ogrid: `count` points start + k * step, in T (nd_grid's
// `nn[k] * step + start` on an array of T: the product and sum in T's promotion with the
// Python number step, stored back as T).
template <class T>
struct GridAxis {
  double start;
  double step;
  int64_t count;
  T at(int64_t k) const {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(k * static_cast<int64_t>(step) + static_cast<int64_t>(start));
    } else {
      return static_cast<T>(static_cast<double>(k) * step + start);
    }
  }
};

// The axis of a slice start:stop:step with a real step: ceil((stop - start) / step) points.
template <class T>
GridAxis<T> grid_range(double start, double stop, double step) {
  if (step == 0) throw PyException("ZeroDivisionError", "float division by zero");
  const double count = std::ceil((stop - start) / step);
  if (count < 0) throw PyException("ValueError", "negative dimensions are not allowed");
  return GridAxis<T>{start, step, static_cast<int64_t>(count)};
}

// The axis of start:stop:Nj (a complex step): int(abs(Nj)) points from start to stop inclusive.
template <class T, class C>
GridAxis<T> grid_points(double start, double stop, const C& step) {
  const int64_t count = static_cast<int64_t>(std::hypot(static_cast<double>(step.real), static_cast<double>(step.imag)));
  return GridAxis<T>{start, count != 1 ? (stop - start) / static_cast<double>(count - 1) : 1.0, count};
}

// np.mgrid[a:b:s, c:d:t, ...]: an array of shape (N, n0, n1, ...): layer d holds axis d's
// coordinate at every point.
template <class T, std::size_t N>
NDArray<T, static_cast<int>(N) + 1> mgrid(const std::array<GridAxis<T>, N>& axes) {
  Shape<static_cast<int>(N) + 1> shape{};
  shape[0] = static_cast<int64_t>(N);
  for (std::size_t d = 0; d < N; ++d) shape[static_cast<int>(d) + 1] = axes[d].count;
  NDArray<T, static_cast<int>(N) + 1> out(shape);
  int64_t points = 1;
  for (std::size_t d = 0; d < N; ++d) points *= axes[d].count;
  T* p = out.data();
  for (std::size_t layer = 0; layer < N; ++layer) {
    std::array<int64_t, N> index{};
    for (int64_t k = 0; k < points; ++k) {
      *p++ = axes[layer].at(index[layer]);
      for (std::size_t d = N; d-- > 0;) {  // the next C-order index
        if (++index[d] < axes[d].count) break;
        index[d] = 0;
      }
    }
  }
  return out;
}

// np.mgrid[a:b:s] / np.ogrid[a:b:s] of one slice: 1-D.
template <class T>
NDArray<T, 1> grid_axis(const GridAxis<T>& axis) {
  NDArray<T, 1> out(Shape<1>{axis.count});
  for (int64_t k = 0; k < axis.count; ++k) out.data()[k] = axis.at(k);
  return out;
}

// Axis d of np.ogrid[...]: N dimensions, all of extent 1 but d.
template <class T, int N>
NDArray<T, N> ogrid_axis(const GridAxis<T>& axis, int d) {
  Shape<N> shape{};
  for (int k = 0; k < N; ++k) shape[k] = k == d ? axis.count : 1;
  NDArray<T, N> out(shape);
  for (int64_t k = 0; k < axis.count; ++k) out.data()[k] = axis.at(k);
  return out;
}

}  // namespace py2cuda::host
