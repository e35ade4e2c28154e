# expect: 6:11: error: unknown type 'flaot32'
# Misspelled type name in a signature string.
from numba import cuda


@cuda.jit("void(flaot32[::1], float32[::1])")
def copy(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = src[i]
