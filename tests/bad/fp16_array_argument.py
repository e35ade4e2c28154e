# expect: 9:27: error: cuda.fp16.hsin() does not accept an argument of type array(float16, 1d, A)
# The cuda.fp16 functions take scalars, not arrays.
from numba import cuda


@cuda.jit("void(float16[:])")
def wave(x):
    i = cuda.grid(1)
    x[i] = cuda.fp16.hsin(x)
