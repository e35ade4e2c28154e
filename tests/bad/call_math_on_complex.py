# expect: 12:26: error: math.sqrt() does not accept an argument of type complex128 (use cmath.sqrt() for complex numbers)
# The math module takes real numbers only, in Numba as in Python; cmath has the complex version.
import math

from numba import cuda


@cuda.jit("void(complex128[:])")
def roots(z):
    i = cuda.grid(1)
    if i < z.size:
        z[i] = math.sqrt(z[i])
