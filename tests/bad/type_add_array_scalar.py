# expect: 10:18: error: cannot apply '+' to array(float32, 1d, C) and int64
# Whole-array arithmetic inside a kernel.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def increment(x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x + 1
