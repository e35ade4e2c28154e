# expect: 10:18: error: expected ':'
# CPython reports the first syntax error only, and so does py2cuda.
# The ':' at the end of the if line is missing.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def relu(x, out):
    i = cuda.grid(1)
    if i < x.size
        out[i] = max(x[i], 0.0)
