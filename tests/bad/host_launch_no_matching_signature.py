# expect: 16:1: error: no signature of kernel 'scale' matches the launch's arguments (array(int64, 1d, C), float64, array(int64, 1d, C))
# A kernel compiled for float32 arrays launched with int64 ones: Numba finds no matching definition.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float32, float32[:])")
def scale(x, factor, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * factor


x = np.arange(8)
out = np.zeros_like(x)
scale[1, 32](x, 2.0, out)
