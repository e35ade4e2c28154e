# expect: 12:9: error: cannot store a value of type complex128 into an element of array(float64, 1d, A) (Numba does not convert complex to real; store .real, .imag or abs() of it)
# A complex result stored into a float64 array: Numba rejects the implicit conversion.
import cmath

from numba import cuda


@cuda.jit("void(float64[:])")
def roots(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = cmath.sqrt(x[i])
