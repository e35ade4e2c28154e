# expect: 8:45: error: name 'thredIdx' is not defined
# 'threadIdx' misspelled and used without the 'cuda.' prefix.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def copy(src, dst):
    i = cuda.blockIdx.x * cuda.blockDim.x + thredIdx.x
    if i < src.size:
        dst[i] = src[i]
