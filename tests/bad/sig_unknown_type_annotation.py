# expect: 8:30: error: 'in64'
# allow-extra-errors
# Misspelled type name in a parameter annotation.
from numba import cuda, float32, int64


@cuda.jit
def fill(x: float32[::1], n: in64):
    i = cuda.grid(1)
    if i < n:
        x[i] = 1.0
