# expect: 10:31: error: invalid syntax. Perhaps you forgot a comma?
# A comma is missing between two call arguments.
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1])")
def histogram(values, hist):
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.add(hist, values[i] 1)
