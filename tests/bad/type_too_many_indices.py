# expect: 10:22: error: too many indices for array(float32, 1d, C): 2 given
# A 1-D array indexed with two indices.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def copy2d(src, dst):
    i, j = cuda.grid(2)
    if i < src.size:
        dst[i] = src[i, j]
