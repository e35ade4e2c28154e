# expect: 10:22: error: int() does not accept an argument of type complex64
# int() of a complex: Numba has no complex-to-int conversion (take .real or abs() first).
from numba import cuda


@cuda.jit("void(complex64[:], int64[:])")
def truncate(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = int(z[i])
