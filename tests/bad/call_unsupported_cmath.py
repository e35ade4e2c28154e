# expect: 12:18: error: 'cmath.isclose' is not supported on the CUDA target
# cmath.isclose is not among the cmath functions Numba's CUDA target supports.
import cmath

from numba import cuda


@cuda.jit("void(complex128[:], complex128[:], boolean[:])")
def close(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = cmath.isclose(a[i], b[i])
