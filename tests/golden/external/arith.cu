// CUDA C device functions for tests/golden/declare_device.py, which declares them with
// cuda.declare_device. The first two use Numba's ABI (the result through the first
// parameter, a status returned), the last the C ABI (abi="c").
//
// nvcc compiles this file as it is (py2cuda --exe: nvcc -rdc=true ... declare_device.cu
// external/arith.cu); the CPU emulation compiles it as C++ with py2cuda/runtime.h
// included first, which defines __device__.
#include <stdint.h>

extern "C" __device__ int py2cuda_mul_f32(float* result, float a, float b) {
  *result = a * b;
  return 0;
}

extern "C" __device__ int py2cuda_clamp_i64(int64_t* result, int64_t v, int64_t lo, int64_t hi) {
  *result = v < lo ? lo : v > hi ? hi : v;
  return 0;
}

extern "C" __device__ double py2cuda_sum_squares(double a, double b) { return a * a + b * b; }
