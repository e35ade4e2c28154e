# expect: 11:9: error: invalid syntax
# allow-extra-errors
# One closing parenthesis too many.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def relu(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = max(x[i], 0.0))
