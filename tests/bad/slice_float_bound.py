# expect: 10:14: error: slice bounds must be integers or None, not float64
# A slice bound computed with true division is a float: Python raises TypeError
# ("slice indices must be integers or None"), and so does py2cuda, at translation.
from numba import cuda


@cuda.jit("void(float32[:], float32[:])")
def second_half(x, out):
    half = x.size / 2
    tail = x[half:]
    for k in range(tail.size):
        out[k] = tail[k]
