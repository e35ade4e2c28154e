// py2cuda host runtime: NumPy broadcasting of NDArrays and scalars.
//
// Operands of any rank are aligned at their last dimension; extents must be equal or
// 1 (a Python scalar counts as shape ()). A broadcast operand is read through strides
// with 0 in every stretched dimension, so nothing is copied. The loop below visits the
// result in C order, which is the order NumPy's ufunc loop writes a fresh output in.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {

// What broadcasting needs of an operand: its rank, element type and shape.
template <class X>
struct OperandTraits {  // a scalar
  static_assert(std::is_arithmetic_v<X>, "py2cuda::host: operands are NDArrays or numbers");
  static constexpr int rank = 0;
  using element = X;
};
template <class T, int N>
struct OperandTraits<NDArray<T, N>> {
  static constexpr int rank = N;
  using element = T;
};

template <class X>
using OperandElement = typename OperandTraits<std::remove_cvref_t<X>>::element;
template <class X>
inline constexpr int operand_rank = OperandTraits<std::remove_cvref_t<X>>::rank;

template <class... X>
constexpr int max_rank() {
  int rank = 0;
  ((rank = operand_rank<X> > rank ? operand_rank<X> : rank), ...);
  return rank;
}

// One operand as the loop reads it: a pointer and M strides (0 where broadcast).
// A scalar keeps its value here, read with all strides 0.
template <class T, int M>
struct Strided {
  const T* data;
  std::array<int64_t, M> strides;
  T scalar;
};

template <class X>
std::string operand_shape_text(const X& operand) {
  if constexpr (operand_rank<X> == 0) {
    (void)operand;
    return "() ";
  } else {
    return shape_repr(operand.shape()) + " ";
  }
}

template <int M, class X>
bool merge_shape(std::array<int64_t, M>& shape, const X& operand) {
  if constexpr (operand_rank<X> > 0) {
    constexpr int K = operand_rank<X>;
    for (int d = 0; d < K; ++d) {
      const int64_t extent = operand.shape(d);
      int64_t& merged = shape[M - K + d];
      if (merged == extent || extent == 1) continue;
      if (merged != 1) return false;
      merged = extent;
    }
  } else {
    (void)shape;
    (void)operand;
  }
  return true;
}

// The broadcast shape of the operands, or NumPy's ValueError listing all their shapes.
template <int M, class... X>
std::array<int64_t, M> broadcast_shape(const X&... operands) {
  std::array<int64_t, M> shape;
  shape.fill(1);
  if (!(merge_shape<M>(shape, operands) && ...)) {
    std::string text = "operands could not be broadcast together with shapes ";
    ((text += operand_shape_text(operands)), ...);
    throw PyException("ValueError", text);
  }
  return shape;
}

// `operand` read as an array of `shape` (which it broadcasts to).
template <int M, class X>
Strided<OperandElement<X>, M> strided_operand(const X& operand, const std::array<int64_t, M>& shape) {
  Strided<OperandElement<X>, M> s{};
  if constexpr (operand_rank<X> == 0) {
    (void)shape;
    s.scalar = operand;
  } else {
    constexpr int K = operand_rank<X>;
    s.data = operand.data();
    for (int d = 0; d < K; ++d) {
      s.strides[M - K + d] = (operand.shape(d) == 1 && shape[M - K + d] != 1) ? 0 : operand.stride(d);
    }
  }
  return s;
}

// Calls write(out_offset, a[i], b[i], ...) for every position i of `shape` in C order,
// where out_offset is i's position through `out_strides`.
template <int M, class Write, class... S, std::size_t... K>
void broadcast_loop_impl(const std::array<int64_t, M>& shape, const std::array<int64_t, M>& out_strides,
                         Write& write, std::index_sequence<K...>, Strided<S, M>&... src) {
  for (int d = 0; d < M; ++d) {
    if (shape[d] == 0) return;
  }
  // A scalar is read through its own copy, held by `src` for the whole loop.
  ((src.data = src.data ? src.data : &src.scalar), ...);
  std::array<int64_t, M> index{};
  std::array<int64_t, sizeof...(S)> base{};
  int64_t out_base = 0;
  const int64_t inner = shape[M - 1];
  while (true) {
    for (int64_t j = 0; j < inner; ++j) {
      write(out_base + j * out_strides[M - 1], src.data[base[K] + j * src.strides[M - 1]]...);
    }
    int d = M - 2;
    for (; d >= 0; --d) {
      ((base[K] += src.strides[d]), ...);
      out_base += out_strides[d];
      if (++index[d] < shape[d]) break;
      ((base[K] -= src.strides[d] * shape[d]), ...);
      out_base -= out_strides[d] * shape[d];
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

template <int M, class Write, class... S>
void broadcast_loop(const std::array<int64_t, M>& shape, const std::array<int64_t, M>& out_strides,
                    Write&& write, Strided<S, M>... src) {
  broadcast_loop_impl<M>(shape, out_strides, write, std::index_sequence_for<S...>{}, src...);
}

}  // namespace detail

}  // namespace py2cuda::host
