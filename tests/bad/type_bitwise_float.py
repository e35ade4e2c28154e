# expect: 10:18: error: cannot apply '&' to float32 and float32
# Bitwise and on two float32 values.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def mask(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] & b[i]
