# expect: 11:15: error: string formatting with % is not supported in CUDA kernels; pass the values to print() as separate arguments
# allow-extra-errors
# %-formatting of a string passed to print.
from numba import cuda


@cuda.jit("void(float32[::1])")
def debug(x):
    i = cuda.grid(1)
    if i < 4:
        print("x = %f" % x[i])
