"""math.* calls of mixed integer arguments, typed as numba-cuda types them: each function's
candidate signatures (numba/cuda/cudamath.py) ranked by Numba's conversion rules. copysign and
fmod of small integers take float32(float32, float32), atan2 and hypot of integers
float64(int64, int64), sqrt of a uint8 float64(uint64), isnan of an int8 bool(int64) (a
constant), ldexp of (float32, int64) float32(float32, int32), frexp of a float32
Tuple(float32, int32), and math.pow of a float32 (or an int8) and an int32
float32(float32, int32), which numba-cuda lowers to libdevice's __nv_powif (square and multiply).

The integer values are exact in float32 and float64 alike, so what they print does not depend on
the float type (the types themselves are pinned by tests/unit/test_type_rules.cpp against
Numba's typing context). The last line does: see the comment above `powif`."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math

import numpy as np
from numba import cuda


@cuda.jit
def mixed_ints(a8, b8, s16, u8, flags, n32, x32, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i, 0] = math.copysign(a8[i], b8[i])
        out[i, 1] = math.fmod(s16[i], u8[i])
        out[i, 2] = math.fmod(flags[i], True)
        out[i, 3] = math.atan2(a8[i], b8[i])
        out[i, 4] = math.hypot(u8[i], s16[i])
        out[i, 5] = math.sqrt(u8[i])
        out[i, 6] = math.pow(a8[i], n32[i])
        out[i, 7] = math.isnan(a8[i])
        out[i, 8] = math.ldexp(x32[i], int(s16[i]))  # int(): the simulator's ldexp takes Python ints only


@cuda.jit
def frexp32(x, mantissa, exponent):
    i = cuda.grid(1)
    if i < x.size:
        mantissa[i], exponent[i] = math.frexp(x[i])


# math.pow(float32, int32) is libdevice's __nv_powif on the GPU: square and multiply in float32,
# each product rounded, not the correctly rounded x**n. Compiled Numba on an H200 printed
# 1815766.125 (1.8157661e+06) for 17.857143f ** 5, where the correctly rounded float32 is
# 1815766.25; the simulator computes pow in float64 and rounds once, so it prints the latter.
# The .expected line is libdevice's algorithm, computed in NumPy float32:
#   r = 1; e = n; while True: (r *= x if e & 1); e >>= 1; (break if e == 0); x *= x
@cuda.jit
def powif(x, n, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.pow(x[i], n[i])


def main():
    a8 = np.array([3, -4, 7, -2], dtype=np.int8)
    b8 = np.array([-1, 5, 2, -3], dtype=np.int8)
    s16 = np.array([17, -9, 40, 3], dtype=np.int16)
    u8 = np.array([5, 4, 9, 16], dtype=np.uint8)
    flags = np.array([True, False, True, False])
    n32 = np.array([2, 3, 0, 5], dtype=np.int32)
    x32 = np.array([1.5, -0.75, 3.0, 0.5], dtype=np.float32)
    out = np.zeros((4, 9))
    mixed_ints[1, 4](a8, b8, s16, u8, flags, n32, x32, out)
    for row in out:
        print(" ".join(f"{v:.6g}" for v in row))

    x = np.array([0.75, 10.0, -3.0, 1e-3], dtype=np.float32)
    mantissa = np.zeros_like(x)
    exponent = np.zeros(4, dtype=np.int32)
    frexp32[1, 4](x, mantissa, exponent)
    print("frexp", mantissa.tolist(), exponent.tolist())

    x = np.linspace(0, 25, 8).astype(np.float32)
    n = np.arange(8, dtype=np.int32)
    p = np.zeros_like(x)
    powif[1, 8](x, n, p)
    print("powif", p.tolist())


if __name__ == "__main__":
    main()
