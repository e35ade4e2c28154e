# expect: 10:18: error: cannot compare complex128 and complex128 with '<': complex numbers are not ordered (compare abs(z) or the parts)
# Ordering complex numbers: Numba, like Python, has no < for them.
from numba import cuda


@cuda.jit("void(complex128[:], boolean[:])")
def smaller(z, out):
    i = cuda.grid(1)
    if i < z.size - 1:
        out[i] = z[i] < z[i + 1]
