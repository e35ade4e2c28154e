# expect: 12:10: error: expected ':'
# CPython reports the first syntax error only, and so does py2cuda.
# C-style 'else if' instead of Python's 'elif'.
from numba import cuda


@cuda.jit("void(float32[::1], int32[::1])")
def sign(x, out):
    i = cuda.grid(1)
    if x[i] < 0.0:
        out[i] = -1
    else if x[i] > 0.0:
        out[i] = 1
    else:
        out[i] = 0
