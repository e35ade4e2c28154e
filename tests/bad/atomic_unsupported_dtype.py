# expect: 9:25: error: cuda.atomic.max() does not support arrays of int16 (it supports int32, uint32, int64, uint64, float32 and float64)
from numba import cuda


@cuda.jit("void(int16[:], int16[:])")
def peak(values, best):
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.max(best, 0, values[i])
