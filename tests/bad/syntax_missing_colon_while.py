# expect: 10:21: error: expected ':'
# CPython reports the first syntax error only, and so does py2cuda.
# Grid-stride loop whose while line lacks its ':'.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def relu(x, out):
    i = cuda.grid(1)
    while i < x.size
        out[i] = max(x[i], 0.0)
        i += cuda.gridsize(1)
