# expect: 12:13: error: invalid syntax: expected ':'
# allow-extra-errors
# Grid-stride loop whose while line lacks its ':'.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def relu(x, out):
    i = cuda.grid(1)
    while i < x.size
        out[i] = max(x[i], 0.0)
        i += cuda.gridsize(1)
