# expect: 10:13: error: dict comprehension is not supported in CUDA kernels
# allow-extra-errors
# A dict comprehension inside a kernel.
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1])")
def lookup(keys, out):
    i = cuda.grid(1)
    table = {k: k * k for k in range(8)}
    out[i] = keys[i]
