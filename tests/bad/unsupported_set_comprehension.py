# expect: 10:12: error: set comprehension is not supported in CUDA kernels
# allow-extra-errors
# A set comprehension inside a kernel.
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1])")
def distinct(values, out):
    i = cuda.grid(1)
    seen = {values[j] for j in range(values.size)}
    out[i] = values[i]
