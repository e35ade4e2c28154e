# expect: 10:9: error: cannot store a value of type UniTuple(float32 x 2) into an element of array(float32, 1d, C)
# A tuple stored into one element of a 1-D array.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def pair(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (x[i], y[i])
