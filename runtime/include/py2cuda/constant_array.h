// py2cuda runtime: module-level NumPy arrays that Numba freezes into a kernel.
//
// Numba types a global NumPy array read by a kernel as a read-only constant: its
// values are copied into the compiled module (cuda.const.array_like(arr) asks for
// the same explicitly). py2cuda emits such an array as a __constant__ C array of
// the array's shape, with its values,
//
//   __constant__ const float WEIGHTS[2][3] = {{...}, {...}};
//
// and kernels read it through constant_view(WEIGHTS): a read-only CArray<const T, N>
// (C-contiguous), indexed like any other array. On the GPU the data live in constant
// memory (64 KiB, cached, fastest when a warp reads one address); in the CPU
// emulation __constant__ is nothing (emu/cuda_keywords.h), so they are a const global.
#pragma once

#include <cstddef>
#include <cstdint>

#include "array.h"
#include "config.h"

namespace py2cuda {

template <class T, std::size_t N0>
P2C_DEVICE P2C_INLINE CArray<const T, 1> constant_view(const T (&values)[N0]) {
  return CArray<const T, 1>(Array<const T, 1>{&values[0], {int64_t{N0}}, {1}});
}

template <class T, std::size_t N0, std::size_t N1>
P2C_DEVICE P2C_INLINE CArray<const T, 2> constant_view(const T (&values)[N0][N1]) {
  return CArray<const T, 2>(Array<const T, 2>{&values[0][0], {int64_t{N0}, int64_t{N1}}, {int64_t{N1}, 1}});
}

template <class T, std::size_t N0, std::size_t N1, std::size_t N2>
P2C_DEVICE P2C_INLINE CArray<const T, 3> constant_view(const T (&values)[N0][N1][N2]) {
  return CArray<const T, 3>(
      Array<const T, 3>{&values[0][0][0], {int64_t{N0}, int64_t{N1}, int64_t{N2}}, {int64_t{N1 * N2}, int64_t{N2}, 1}});
}

}  // namespace py2cuda
