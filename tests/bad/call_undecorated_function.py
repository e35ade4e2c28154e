# expect: 14:18: error: cannot call 'square' from a kernel: it is a plain Python function; decorate it with @cuda.jit(device=True)
# A plain Python function called from a kernel.
from numba import cuda


def square(v):
    return v * v


@cuda.jit("void(float32[::1], float32[::1])")
def squares(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = square(x[i])
