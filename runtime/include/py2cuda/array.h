// py2cuda runtime: Array<T, N>, the non-owning array view that kernels receive.
//
// A Numba array argument (float32[:], int64[:, ::1], ...) becomes an Array passed
// by value: a data pointer plus shape and strides, like Numba's own array struct
// minus the fields a kernel never reads. Strides count ELEMENTS, not bytes, so
// indexing is one multiply-add per dimension.
//
// Two ways to index, chosen by the translator per subscript:
//   a(i, j)     plain: the indices are used as they are. For indices known to be
//               non-negative (cuda.grid(1), a range with non-negative bounds) or
//               of unsigned type.
//   a.at(i, j)  Python/Numba semantics: a negative index of a SIGNED integer type
//               counts from the end (i + shape[d]); unsigned indices never wrap.
// Neither checks bounds, as on the GPU; see P2C_BOUNDS_CHECK below.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "config.h"

// Hook called by every element access with the array, the dimension and the
// index actually used (after wraparound). A no-op by default; the CPU emulation
// backend defines it, before including this header, to report out-of-bounds
// accesses with the Python line and the thread that made them.
#ifndef P2C_BOUNDS_CHECK
#define P2C_BOUNDS_CHECK(array, dim, index) ((void)0)
#endif

namespace py2cuda {

template <class T, int N>
struct Array {
  static_assert(N >= 1, "py2cuda::Array needs at least one dimension");

  T* data;
  int64_t shape[N];
  int64_t strides[N];  // in elements

  static constexpr int ndim = N;

  // Plain indexing: no wraparound.
  template <class... I>
  P2C_HD P2C_INLINE T& operator()(I... index) const {
    return data[offset<false>(std::index_sequence_for<I...>{}, index...)];
  }

  // Python indexing: a negative signed index counts from the end of its dimension.
  template <class... I>
  P2C_HD P2C_INLINE T& at(I... index) const {
    return data[offset<true>(std::index_sequence_for<I...>{}, index...)];
  }

  // Number of elements: the product of the shape.
  P2C_HD P2C_INLINE int64_t size() const {
    int64_t n = 1;
    for (int d = 0; d < N; ++d) n *= shape[d];
    return n;
  }

  // An Array<T> converts to the read-only Array<const T> (never the reverse).
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  P2C_HD P2C_INLINE operator Array<const U, N>() const {
    Array<const U, N> view{data, {}, {}};
    for (int d = 0; d < N; ++d) {
      view.shape[d] = shape[d];
      view.strides[d] = strides[d];
    }
    return view;
  }

  // (Private member functions keep Array an aggregate: only data members may not be private.)
 private:
  // The element offset of one index per dimension.
  template <bool Wrap, class... I, std::size_t... D>
  P2C_HD P2C_INLINE int64_t offset(std::index_sequence<D...>, I... index) const {
    static_assert(sizeof...(I) == N, "py2cuda::Array: one index per dimension is required");
    static_assert((std::is_integral_v<I> && ...), "py2cuda::Array: indices must be integers");
    return (int64_t{0} + ... + (strides[D] * resolve<Wrap>(static_cast<int>(D), index)));
  }

  template <bool Wrap, class I>
  P2C_HD P2C_INLINE int64_t resolve(int dim, I index) const {
    int64_t i = static_cast<int64_t>(index);
    if constexpr (Wrap && std::is_signed_v<I>) {
      if (i < 0) i += shape[dim];
    }
    P2C_BOUNDS_CHECK(*this, dim, i);
    (void)dim;  // unused when the hook is a no-op
    return i;
  }
};

// Strides, in elements, of a C-contiguous (row-major) array of the given shape.
template <std::size_t N>
std::array<int64_t, N> c_strides(const std::array<int64_t, N>& shape) {
  std::array<int64_t, N> strides{};
  int64_t step = 1;
  for (std::size_t d = N; d-- > 0;) {
    strides[d] = step;
    step *= shape[d];
  }
  return strides;
}

// A view of C-contiguous memory holding an array of the given shape.
template <class T, std::size_t N>
Array<T, static_cast<int>(N)> c_array_view(T* data, const std::array<int64_t, N>& shape) {
  const std::array<int64_t, N> strides = c_strides(shape);
  Array<T, static_cast<int>(N)> view{data, {}, {}};
  for (std::size_t d = 0; d < N; ++d) {
    view.shape[d] = shape[d];
    view.strides[d] = strides[d];
  }
  return view;
}

}  // namespace py2cuda
