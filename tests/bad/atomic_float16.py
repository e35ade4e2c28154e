# expect: 10:25: error: cuda.atomic.add() does not support arrays of float16 (it supports int32, uint32, int64, uint64, float32 and float64)
# Numba's cuda.atomic functions have no float16 version.
from numba import cuda


@cuda.jit("void(float16[:], float16[:])")
def total(values, out):
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.add(out, 0, values[i])
