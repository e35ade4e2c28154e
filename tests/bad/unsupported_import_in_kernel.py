# expect: 9:5: error: import statement is not supported in CUDA kernels
# allow-extra-errors
# An import statement inside a kernel body.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def root(x, out):
    import math
    i = cuda.grid(1)
    out[i] = math.sqrt(x[i])
