"""Golden: device functions written in CUDA C, declared with cuda.declare_device.

Numba's ABI by default (`extern "C" __device__ int f(ret* result, args...)`, called through
py2cuda::call_numba_abi) and the C ABI with abi="c"; link= as one file, as a list, and built from
__file__ as Numba programs do (Numba hands the path to the linker as it is, so a bare relative
name works only from this folder; py2cuda resolves relative names against the Python file). The arguments convert to the declared
parameter types, and the result has the declared return type (float32 * ... + 1 is float64 here,
narrowed by the store). The .cu lists the files to link and says that nvcc needs -rdc=true.
"""
# simulator-cannot-run: the simulator cannot call functions written in CUDA C (declare_device)
import os

import numpy as np
from numba import cuda

ARITH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "external", "arith.cu")

mul = cuda.declare_device("py2cuda_mul_f32", "float32(float32, float32)", link="external/arith.cu")
clamp = cuda.declare_device("py2cuda_clamp_i64", "int64(int64, int64, int64)", link=[ARITH])
sum_squares = cuda.declare_device("py2cuda_sum_squares", "float64(float64, float64)", link=ARITH, abi="c")


@cuda.jit("void(float32[:], float32[:], float32[:])")
def scale(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = mul(x[i], y[i]) + 1


@cuda.jit("void(int32[:], int64[:], float64[:])")
def clamp_and_square(v, clamped, squares):
    i = cuda.grid(1)
    if i < v.size:
        clamped[i] = clamp(v[i], -10, 10)
        squares[i] = sum_squares(v[i], 0.5)


if __name__ == "__main__":
    x = np.arange(5, dtype=np.float32)
    out = cuda.device_array(5, dtype=np.float32)
    scale[1, 32](cuda.to_device(x), cuda.to_device(x * np.float32(0.5)), out)
    print("scale:", " ".join(f"{v:.2f}" for v in out.copy_to_host()))

    v = np.array([-30, -10, 0, 7, 12], dtype=np.int32)
    clamped = cuda.device_array(5, dtype=np.int64)
    squares = cuda.device_array(5, dtype=np.float64)
    clamp_and_square[1, 32](cuda.to_device(v), clamped, squares)
    print("clamp:", " ".join(str(c) for c in clamped.copy_to_host()))
    print("squares:", " ".join(f"{s:.2f}" for s in squares.copy_to_host()))
