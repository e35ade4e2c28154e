# expect: 10:25: error: the first argument of cuda.atomic.add() must be an array, not float32
# cuda.atomic.add applied to a scalar parameter instead of an array.
from numba import cuda


@cuda.jit("void(float32[::1], float32)")
def total(x, acc):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(acc, 0, x[i])
