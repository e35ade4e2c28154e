# expect: 12:31: error: the index of cuda.atomic.add() must be an integer, not float64: a float index is a bug (it would be truncated); convert it with int() if that is really meant
# A histogram whose bin is computed with true division: a float index, a real
# mistake seen in the wild.
from numba import cuda


@cuda.jit("void(float32[:], int32[:])")
def histogram(values, bins):
    i = cuda.grid(1)
    if i < values.size:
        b = values[i] / 10
        cuda.atomic.add(bins, b, 1)
