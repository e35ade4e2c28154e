# expect: 12:2: warning: decorator '@jit' does not name one of numba's
# A decorator spelt like Numba's but imported from elsewhere (here a local stand-in): the
# function is translated as plain Python, not as a kernel.
import numpy as np
from numba import cuda


def jit(f):
    return f


@jit
def twice(v):
    return 2 * v


@cuda.jit
def scale(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] *= 2


x = np.ones(4)
scale[1, 4](x)
print(x, twice(3))
