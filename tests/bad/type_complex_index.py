# expect: 10:18: error: array index must be an integer, not complex128
# A complex number used as an array index.
from numba import cuda


@cuda.jit("void(float64[:], complex128[:])")
def gather(x, z):
    i = cuda.grid(1)
    if i < z.size:
        x[i] = x[z[i]]
