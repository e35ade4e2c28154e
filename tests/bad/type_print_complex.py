# expect: 10:15: error: print() of a complex128 is not supported on the CUDA target (numba-cuda's print has no complex format); print its .real and .imag
# numba-cuda's print() implementation has no case for complex values.
from numba import cuda


@cuda.jit("void(complex128[:])")
def show(z):
    i = cuda.grid(1)
    if i < z.size:
        print(z[i])
