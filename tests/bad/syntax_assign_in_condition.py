# expect: 9:10: error: invalid syntax
# '=' written where '==' was meant.
from numba import cuda


@cuda.jit("void(int32[::1])")
def mark_first(flags):
    i = cuda.grid(1)
    if i = 0:
        flags[i] = 1
