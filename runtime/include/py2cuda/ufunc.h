// py2cuda runtime: what the kernels of CUDA ufuncs (@vectorize / @guvectorize with
// target='cuda') use on the device.
//
// A ufunc kernel receives every operand as an Array view with the broadcast result's
// shape, 0 strides where an operand is broadcast, and walks the result in C order with
// a grid-stride loop over a flat index.
#pragma once

#include <cstdint>

#include "array.h"

namespace py2cuda::ufunc {

// The loop dimensions of the loop functions the translator emits per signature (its
// operands padded to them); calls with more run them block by block (host/ufunc_call.h).
inline constexpr int kLoopRank = 4;

// The number of elements of `a`.
template <class T, int N>
P2C_HD P2C_INLINE int64_t size(const Array<T, N>& a) {
  int64_t n = 1;
  for (int d = 0; d < N; ++d) n *= a.shape[d];
  return n;
}

// The number of positions of a gufunc operand's first L (loop) dimensions.
template <int L, class T, int N>
P2C_HD P2C_INLINE int64_t loop_size(const Array<T, N>& a) {
  int64_t n = 1;
  for (int d = 0; d < L; ++d) n *= a.shape[d];
  return n;
}

// The element of `a` at position `flat` of its shape in C order.
template <class T, int N>
P2C_HD P2C_INLINE T& element(const Array<T, N>& a, int64_t flat) {
  int64_t offset = 0;
  for (int d = N - 1; d >= 0; --d) {
    const int64_t extent = a.shape[d];
    offset += (flat % extent) * a.strides[d];
    flat /= extent;
  }
  return a.data[offset];
}

// A gufunc operand at loop position `flat`: the view of its core dimensions (the
// dimensions after the first L, which are the loop's). A core of no dimensions ('()'
// in the layout) given to an array parameter is a one-element view, as in Numba.
template <int L, class T, int N>
P2C_HD P2C_INLINE Array<T, (N - L > 0 ? N - L : 1)> core(const Array<T, N>& a, int64_t flat) {
  int64_t offset = 0;
  for (int d = L - 1; d >= 0; --d) {
    const int64_t extent = a.shape[d];
    offset += (flat % extent) * a.strides[d];
    flat /= extent;
  }
  Array<T, (N - L > 0 ? N - L : 1)> v{a.data + offset, {}, {}};
  if constexpr (N - L > 0) {
    for (int d = 0; d < N - L; ++d) {
      v.shape[d] = a.shape[L + d];
      v.strides[d] = a.strides[L + d];
    }
  } else {
    v.shape[0] = 1;
    v.strides[0] = 1;
  }
  return v;
}

// `a` with M - N leading dimensions of extent 1 (stride 0) added: the fixed rank of a
// ufunc's loop functions, whatever the rank of the call's operands.
template <int M, class T, int N>
P2C_HD P2C_INLINE Array<T, M> padded(const Array<T, N>& a) {
  static_assert(M >= N, "py2cuda: a ufunc view with more loop dimensions than the loop functions take (kLoopRank)");
  Array<T, M> p{a.data, {}, {}};
  for (int d = 0; d < M; ++d) {
    const int k = d - (M - N);
    p.shape[d] = k < 0 ? 1 : a.shape[k];
    p.strides[d] = k < 0 ? 0 : a.strides[k];
  }
  return p;
}

}  // namespace py2cuda::ufunc
