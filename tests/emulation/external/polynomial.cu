// CUDA C device functions for tests/emulation/declare_device_link.py (cuda.declare_device).
// In the CPU emulation this file is compiled as C++ with py2cuda/runtime.h included first
// (py2cuda --exe --emulate does that), so __device__ means nothing and the file is unchanged.

// Numba's ABI: the result through the first parameter, a status returned.
extern "C" __device__ int horner3(double* result, double x, double c0, double c1, double c2) {
  *result = (c2 * x + c1) * x + c0;
  return 0;
}

// The C ABI (abi="c").
extern "C" __device__ int triple_plus(int a, int b) { return 3 * a + b; }
