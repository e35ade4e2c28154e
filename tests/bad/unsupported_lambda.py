# expect: 10:14: error: lambda is not supported in CUDA kernels
# allow-extra-errors
# A lambda assigned to a local inside a kernel.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def square_all(x, out):
    i = cuda.grid(1)
    square = lambda v: v * v
    if i < x.size:
        out[i] = square(x[i])
