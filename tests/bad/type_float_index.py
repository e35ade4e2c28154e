# expect: 10:13: error: array index must be an integer, not float64
# True division makes the index a float64.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def downsample(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i / 2] = x[i]
