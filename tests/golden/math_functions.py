"""Golden: the math module in kernels, for float32, float64 and integer arguments.

On CUDA a math function of a float32 is computed in float32 (sqrtf, expf, ...), of a float64 in
float64, and of an integer in float64. math.floor, math.ceil and math.trunc return floats (of the
argument's type; float64 for an int), unlike Python's, which return ints. math.isnan / isinf /
isfinite return bool. math.pi and math.e are float64 constants. Also imported by name:
`from math import exp`.
"""
# simulator-differs: floor_ceil_trunc
import math
from math import exp

import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float32[:, :])")
def float32_functions(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = math.sqrt(v)
        out[i, 1] = exp(v)
        out[i, 2] = math.log(v)
        out[i, 3] = math.sin(v)
        out[i, 4] = math.cos(v)
        out[i, 5] = math.tanh(v)
        out[i, 6] = math.atan2(v, 2.0)  # float32 with a float64 literal: computed in float64
        out[i, 7] = math.hypot(v, v)
        out[i, 8] = math.fabs(-v)
        out[i, 9] = math.erf(v)


@cuda.jit("void(float64[:], int32[:], float64[:, :])")
def float64_and_int_functions(x, n, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = math.exp(x[i]) * math.log10(x[i] + 1.0)
        out[i, 1] = math.pow(x[i], 1.5)
        out[i, 2] = math.sqrt(n[i])  # an int argument: float64
        out[i, 3] = math.log2(n[i])
        out[i, 4] = math.pi * x[i] + math.e


@cuda.jit("void(float64[:], float64[:, :])")
def float_rounding(x, rounded):
    i = cuda.grid(1)
    if i < x.size:
        # Floats on CUDA: floor(-0.5) is -1.0 and ceil(-0.5) is -0.0.
        rounded[i, 0] = math.floor(x[i])
        rounded[i, 1] = math.ceil(x[i])
        rounded[i, 2] = math.trunc(x[i])


@cuda.jit("void(float64[:], boolean[:, :])")
def classify(x, flags):
    i = cuda.grid(1)
    if i < x.size:
        flags[i, 0] = math.isnan(x[i])
        flags[i, 1] = math.isinf(x[i])
        flags[i, 2] = math.isfinite(x[i])


if __name__ == "__main__":
    x32 = np.array([0.25, 1.0, 2.0, 10.0], dtype=np.float32)
    out32 = cuda.device_array((4, 10), dtype=np.float32)
    float32_functions[1, 32](cuda.to_device(x32), out32)
    r32 = out32.copy_to_host()
    for i in range(4):
        print(f"float32({x32[i]}): sqrt {r32[i, 0]:.4f} exp {r32[i, 1]:.5g} log {r32[i, 2]:.4f} "
              f"sin {r32[i, 3]:.4f} cos {r32[i, 4]:.4f} tanh {r32[i, 5]:.4f} atan2 {r32[i, 6]:.4f} "
              f"hypot {r32[i, 7]:.4f} fabs {r32[i, 8]:.4f} erf {r32[i, 9]:.4f}")

    x64 = np.array([0.5, 1.0, 3.0], dtype=np.float64)
    n = np.array([2, 16, 1000], dtype=np.int32)
    out64 = cuda.device_array((3, 5), dtype=np.float64)
    float64_and_int_functions[1, 32](cuda.to_device(x64), cuda.to_device(n), out64)
    r64 = out64.copy_to_host()
    for i in range(3):
        print(f"float64({x64[i]}), int32({n[i]}): {r64[i, 0]:.10f} {r64[i, 1]:.10f} {r64[i, 2]:.10f} "
              f"{r64[i, 3]:.10f} {r64[i, 4]:.10f}")

    # Python's floor raises on inf and nan, so the simulator could not run those here.
    x = np.array([2.5, -0.5, -2.5, 3.0, -0.0, 1e300], dtype=np.float64)
    rounded = cuda.device_array((6, 3), dtype=np.float64)
    float_rounding[1, 32](cuda.to_device(x), rounded)
    r = rounded.copy_to_host()
    for i in range(6):
        print(f"floor_ceil_trunc: {x[i]} -> {r[i, 0]} {r[i, 1]} {r[i, 2]}")

    x = np.array([2.5, -0.0, np.inf, -np.inf, np.nan], dtype=np.float64)
    flags = cuda.device_array((5, 3), dtype=np.bool_)
    classify[1, 32](cuda.to_device(x), flags)
    f = flags.copy_to_host()
    for i in range(5):
        print(f"classify: {x[i]} -> isnan {f[i, 0]} isinf {f[i, 1]} isfinite {f[i, 2]}")
