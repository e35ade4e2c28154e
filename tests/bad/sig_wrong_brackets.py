# expect: 6:11: error: invalid signature
# Array types written with C-style empty brackets.
from numba import cuda


@cuda.jit("void(float32[], float32[], int32)")
def copy(src, dst, n):
    i = cuda.grid(1)
    if i < n:
        dst[i] = src[i]
