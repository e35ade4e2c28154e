# expect: 10:8: error: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
# CPython reports the first syntax error only, and so does py2cuda.
# Two syntax errors in two kernels: as with python, only the first is reported.
from numba import cuda


@cuda.jit("void(int32[::1])")
def mark_first(flags):
    i = cuda.grid(1)
    if i = 0:
        flags[i] = 1


@cuda.jit("void(int32[::1], int32[::1])")
def histogram(values, hist):
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.add(hist, values[i] 1)
