# expect: 9:5: error: kernel 'scale' has no type signature and the host code, whose launches would type it, is not translated (kernel 'scale' takes 3 arguments but 2 were given)
# expect: 16:1: error: kernel 'scale' takes 3 arguments but 2 were given
# A launch that leaves out an argument: Numba raises a TypeError at the call.
import numpy as np
from numba import cuda


@cuda.jit
def scale(x, factor, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * factor


x = np.arange(8, dtype=np.float32)
scale[1, 32](x, np.zeros_like(x))
