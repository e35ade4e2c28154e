# expect: 9:8: error: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
# '=' written where '==' was meant.
from numba import cuda


@cuda.jit("void(int32[::1])")
def mark_first(flags):
    i = cuda.grid(1)
    if i = 0:
        flags[i] = 1
