# expect: 15:18: error: 'square' is not a device function
# expect-text: @cuda.jit
# A plain Python function called from a kernel.
from numba import cuda


def square(v):
    return v * v


@cuda.jit("void(float32[::1], float32[::1])")
def squares(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = square(x[i])
