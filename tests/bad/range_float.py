# expect: 8:20: error: range arguments must be integers, not float64
# range bound computed with true division is a float64.
from numba import cuda


@cuda.jit("void(float32[::1], int64)")
def fill_half(x, n):
    for i in range(n / 2):
        x[i] = 1.0
