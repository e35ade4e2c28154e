# expect: 10:14: error: range expects 1 to 3 integer arguments, got 4
# range called with four arguments.
from numba import cuda


@cuda.jit("void(float32[::1])")
def fill(x):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.size, stride, 1):
        x[i] = 1.0
