// py2cuda runtime: views of cuda.shared.array and cuda.local.array storage.
//
// The translator declares the storage as a plain C array where Numba's call
// is (`__shared__ float tile_shared[16 * 16];`) and hands kernels an Array
// view of it, so shared and local arrays index like every other array.
#pragma once

#include <cstdint>

#include "array.h"
#include "config.h"

namespace py2cuda {

// A C-contiguous view of `data` with the given dimensions.
template <class T, class... D>
P2C_HD P2C_INLINE CArray<T, static_cast<int>(sizeof...(D))> local_array_view(T* data, D... dims) {
  constexpr int N = static_cast<int>(sizeof...(D));
  CArray<T, N> view;
  view.data = data;
  int dim = 0;
  ((view.shape[dim++] = static_cast<int64_t>(dims)), ...);
  int64_t step = 1;
  for (int d = N - 1; d >= 0; --d) {
    view.strides[d] = step;
    step *= view.shape[d];
  }
  return view;
}

#if P2C_BACKEND_CUDA
// cuda.shared.array(0, dtype): the launch's dynamic shared memory, as many
// elements as its byte size holds (Numba reads %dynamic_smem_size the same way).
template <class T>
__device__ P2C_INLINE CArray<T, 1> dynamic_shared_array() {
  extern __shared__ __align__(16) unsigned char p2c_dynamic_shared[];
  uint32_t bytes = 0;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
  return local_array_view(reinterpret_cast<T*>(p2c_dynamic_shared), static_cast<int64_t>(bytes / sizeof(T)));
}
#endif

}  // namespace py2cuda
