# expect: 10:16: error: set display is not supported in CUDA kernels
# A set display in a kernel: Numba's CUDA target has no sets (host code has them).
from numba import cuda


@cuda.jit("void(int64[:])")
def count_distinct(out):
    i = cuda.grid(1)
    if i == 0:
        seen = {1, 2, 2}
        out[0] = len(seen)
