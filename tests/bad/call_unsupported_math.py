# expect: 12:18: error: 'math.factorial' is not supported
# math.factorial is not among the math functions Numba's CUDA target supports.
import math

from numba import cuda


@cuda.jit("void(int64[::1], float64[::1])")
def factorials(n, out):
    i = cuda.grid(1)
    if i < n.size:
        out[i] = math.factorial(n[i])
