# expect: 11:5: error: del statement is not supported in CUDA kernels
# del of a local inside a kernel.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def double(x, out):
    i = cuda.grid(1)
    tmp = x[i] * 2.0
    out[i] = tmp
    del tmp
