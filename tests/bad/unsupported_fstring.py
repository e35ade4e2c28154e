# expect: 10:15: error: f-strings are not supported in CUDA kernels; pass the values to print() as separate arguments
# An f-string passed to print inside a kernel.
from numba import cuda


@cuda.jit("void(float32[::1])")
def debug(x):
    i = cuda.grid(1)
    if i < 4:
        print(f"x[{i}] = {x[i]}")
