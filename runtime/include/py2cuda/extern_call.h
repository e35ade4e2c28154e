// py2cuda runtime: calling device functions written in CUDA C/C++ (cuda.declare_device).
//
// Numba calls an external device function with its own ABI (abi="numba", the default):
//
//   extern "C" __device__ int mul(float* result, float a, float b);   // float32(float32, float32)
//
// the result is stored through the first parameter and the int returned is a status
// (0 for success), which numba-cuda does not check. call_numba_abi(mul, x, y) makes
// that call and returns the result. With abi="c" the function returns its result and
// is called directly.
//
// The function is defined in another file, so an nvcc build needs relocatable device
// code (-rdc=true). In the CPU emulation the file is compiled as C++ with this runtime
// included first (py2cuda --exe --emulate passes -include py2cuda/runtime.h), which
// defines __device__ and CUDA's other keywords.
#pragma once

#include "config.h"

namespace py2cuda {

template <class R, class... P, class... A>
P2C_DEVICE P2C_INLINE R call_numba_abi(int (*function)(R*, P...), A... args) {
  R result{};
  (void)function(&result, static_cast<P>(args)...);
  return result;
}

}  // namespace py2cuda
