# expect: 12:32: error: unmatched ')'
# CPython reports the first syntax error only, and so does py2cuda.
#
# One closing parenthesis too many.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def relu(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = max(x[i], 0.0))
