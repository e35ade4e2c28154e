// py2cuda runtime: a NumPy ufunc called with arrays inside a kernel, `np.sin(x, r)`.
//
// Numba's CUDA target runs such a call as the ufunc's loop, in the calling thread, over the
// output array (which the call must be given: a kernel cannot allocate the result). Each
// input is an Array broadcast against the output (its trailing dimensions line up with the
// output's, an extent of 1 repeats) or a scalar; `f` is the ufunc on scalars. The output is
// walked in C order, and the call's value is the output, as NumPy returns `out`.
#pragma once

#include <cstdint>

#include "array.h"

namespace py2cuda {

namespace detail {

template <class T, int N>
P2C_HD P2C_INLINE const T& ufunc_operand(const T& scalar, const int64_t (&)[N]) {
  return scalar;
}

template <class T, int M, int N>
P2C_HD P2C_INLINE T& ufunc_operand(const Array<T, M>& a, const int64_t (&index)[N]) {
  int64_t offset = 0;
  for (int d = 0; d < M; ++d) {
    const int64_t i = index[N - M + d];
    offset += (a.shape[d] == 1 ? 0 : i) * a.strides[d];
  }
  return a.data[offset];
}

}  // namespace detail

template <class T, int N, class F, class... In>
P2C_HD Array<T, N> ufunc_into(Array<T, N> out, F f, const In&... in) {
  int64_t n = 1;
  for (int d = 0; d < N; ++d) n *= out.shape[d];
  for (int64_t flat = 0; flat < n; ++flat) {
    int64_t index[N];
    int64_t rest = flat;
    for (int d = N - 1; d >= 0; --d) {
      index[d] = rest % out.shape[d];
      rest /= out.shape[d];
    }
    detail::ufunc_operand(out, index) = f(detail::ufunc_operand(in, index)...);
  }
  return out;
}

}  // namespace py2cuda
