// py2cuda runtime: a NumPy ufunc called with arrays inside a kernel, `np.sin(x, r)`.
//
// Numba's CUDA target runs such a call as the ufunc's loop, in the calling thread, over the
// output array (which the call must be given: a kernel cannot allocate the result). Each
// input is an Array broadcast against the output (its trailing dimensions line up with the
// output's, an extent of 1 repeats) or a scalar; `f` is the ufunc on scalars. The output is
// walked in C order, and the call's value is the output, as NumPy returns `out`.
//
// The walk is one loop per dimension, as Numba's loop nest: no division of a flat index into
// coordinates. An input's broadcasting is decided once, before the loops: a dimension of
// extent 1 gets the stride 0, so every element is an index times a stride, as in the output.
#pragma once

#include <cstdint>

#include "array.h"

namespace py2cuda {

namespace detail {

// A scalar input: the same value at every index.
template <class T>
struct UfuncScalar {
  T value;
  template <int N>
  P2C_HD P2C_INLINE const T& at(const int64_t (&)[N]) const {
    return value;
  }
};

// An M-D input of an N-D output's loop: its strides, 0 along an extent of 1, line up with the
// output's last M indices.
template <class T, int M>
struct UfuncBroadcast {
  T* data;
  int64_t strides[M];
  template <int N>
  P2C_HD P2C_INLINE T& at(const int64_t (&index)[N]) const {
    int64_t offset = 0;
    for (int d = 0; d < M; ++d) offset += index[N - M + d] * strides[d];
    return data[offset];
  }
};

template <class T>
P2C_HD P2C_INLINE UfuncScalar<T> ufunc_operand(const T& scalar) {
  return {scalar};
}

template <class T, int M>
P2C_HD P2C_INLINE UfuncBroadcast<T, M> ufunc_operand(const Array<T, M>& a) {
  UfuncBroadcast<T, M> operand{a.data, {}};
  for (int d = 0; d < M; ++d) operand.strides[d] = a.shape[d] == 1 ? 0 : a.strides[d];
  return operand;
}
template <class T, int M>
P2C_HD P2C_INLINE UfuncBroadcast<T, M> ufunc_operand(const CArray<T, M>& a) {
  return ufunc_operand(static_cast<const Array<T, M>&>(a));
}

// The loops over the output's dimensions D..N-1, the earlier indices fixed in index.
template <int D, class T, int N, class F, class... In>
P2C_HD P2C_INLINE void ufunc_loops(const Array<T, N>& out, F& f, int64_t (&index)[N], const In&... in) {
  for (index[D] = 0; index[D] < out.shape[D]; ++index[D]) {
    if constexpr (D + 1 == N) {
      int64_t offset = 0;
      for (int d = 0; d < N; ++d) offset += index[d] * out.strides[d];
      out.data[offset] = f(in.at(index)...);
    } else {
      ufunc_loops<D + 1>(out, f, index, in...);
    }
  }
}

}  // namespace detail

template <class T, int N, class F, class... In>
P2C_HD Array<T, N> ufunc_into(Array<T, N> out, F f, const In&... in) {
  int64_t index[N];
  detail::ufunc_loops<0>(out, f, index, detail::ufunc_operand(in)...);
  return out;
}

// The same into a C-contiguous `out`, which it returns as it came.
template <class T, int N, class F, class... In>
P2C_HD CArray<T, N> ufunc_into(CArray<T, N> out, F f, const In&... in) {
  ufunc_into(static_cast<const Array<T, N>&>(out), f, in...);
  return out;
}

}  // namespace py2cuda
