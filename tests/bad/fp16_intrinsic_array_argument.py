# expect: 9:38: error: cuda.fp16.__half2int_rn() does not accept an argument of type array(float16, 1d, A)
# cuda.fp16's intrinsics take scalars: the array itself was passed instead of an element.
from numba import cuda


@cuda.jit("void(float16[:], int32[:])")
def to_ints(h, out):
    i = cuda.grid(1)
    out[i] = cuda.fp16.__half2int_rn(h)
