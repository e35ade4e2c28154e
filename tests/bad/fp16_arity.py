# expect: 9:12: error: cuda.fp16.hadd() takes 2 arguments but 1 was given
# cuda.fp16.hadd adds two float16 values.
from numba import cuda


@cuda.jit("void(float16[:])")
def bump(x):
    i = cuda.grid(1)
    x[i] = cuda.fp16.hadd(x[i])
