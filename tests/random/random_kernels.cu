// The float draws of random.h in the kernels numba_random_ptx.py compiles with Numba,
// for run_random_compile.py to compare the floating-point instructions of the two PTX.
// Like Numba's, each kernel stores one draw from states[i] in out[i], i = cuda.grid(1).
#include <py2cuda/random.h>

#include <cstdint>

using py2cuda::Array;
using py2cuda::Xoroshiro128pState;

namespace {
__device__ int64_t grid1() { return static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; }
}  // namespace

extern "C" __global__ void draw_uniform_float32(Array<Xoroshiro128pState, 1> states, Array<float, 1> out) {
  const int64_t i = grid1();
  out.at(i) = py2cuda::xoroshiro128p_uniform_float32(states, i);
}

extern "C" __global__ void draw_uniform_float64(Array<Xoroshiro128pState, 1> states, Array<double, 1> out) {
  const int64_t i = grid1();
  out.at(i) = py2cuda::xoroshiro128p_uniform_float64(states, i);
}

extern "C" __global__ void draw_normal_float32(Array<Xoroshiro128pState, 1> states, Array<float, 1> out) {
  const int64_t i = grid1();
  out.at(i) = py2cuda::xoroshiro128p_normal_float32(states, i);
}

extern "C" __global__ void draw_normal_float64(Array<Xoroshiro128pState, 1> states, Array<double, 1> out) {
  const int64_t i = grid1();
  out.at(i) = py2cuda::xoroshiro128p_normal_float64(states, i);
}
