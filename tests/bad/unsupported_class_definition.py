# expect: 9:5: error: class definition is not supported in CUDA kernels
# allow-extra-errors
# A class statement inside a kernel.
from numba import cuda


@cuda.jit("void(float32[::1])")
def fill(out):
    class Accumulator:
        total = 0.0

    i = cuda.grid(1)
    out[i] = 1.0
