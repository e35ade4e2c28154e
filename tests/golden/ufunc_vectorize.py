"""Golden: CUDA ufuncs (@vectorize, target='cuda') with several signatures each: per signature a
device function, a grid-stride kernel, a loop function and the broadcasting entry point. Integer
and float loops, math functions, max() and a conditional expression.

No host code: tests/ufunc/run_ufunc_oracle.py runs every ufunc here through the kernel harness and
compares with Numba's CPU target (numba-cuda's simulator cannot run CUDA ufuncs).
"""
# oracle: whole-program (checked by tests/ufunc/run_ufunc_oracle.py, not case by case)
import math

from numba import vectorize


@vectorize(['int32(int32, int32)', 'int64(int64, int64)', 'float32(float32, float32)',
            'float64(float64, float64)'], target='cuda')
def floor_mod(x, y):
    return x % y if y != 0 else 0


@vectorize(['float32(float32, float32, float32)', 'float64(float64, float64, float64)'], target='cuda')
def lerp(a, b, t):
    return a + (b - a) * t


@vectorize(['float64(int64)', 'float32(float32)'], target='cuda')
def softplus(x):
    return math.log1p(math.exp(-abs(x))) + max(x, 0)


@vectorize(['uint8(uint8, uint8)', 'int16(int16, int16)'], target='cuda')
def saturating_add(a, b):
    s = a + b
    return s if s < 200 else 200
