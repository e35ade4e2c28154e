# expect: 10:10: error: invalid syntax
# expect: 18:41: error: invalid syntax
# Two syntax errors in two kernels: both must be reported in one run.
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
