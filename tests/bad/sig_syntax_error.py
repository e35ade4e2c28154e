# expect: 6:11: error: invalid signature
# The signature string lacks its closing parenthesis.
from numba import cuda


@cuda.jit("void(float32[::1], int64")
def fill(x, n):
    i = cuda.grid(1)
    if i < n:
        x[i] = 1.0
