# expect: 6:38: error: cuda.declare_device: py2cuda supports scalar parameter and return types
# An array parameter: Numba passes arrays to external functions as its own structure.
from numba import cuda


total = cuda.declare_device("total", "float32(float32[:], int64)")


@cuda.jit("void(float32[:], float32[:])")
def sums(a, out):
    out[0] = total(a, a.size)
