# expect: 10:14: error: dict display is not supported in CUDA kernels
# allow-extra-errors
# A dict literal inside a kernel.
from numba import cuda


@cuda.jit("void(int32[::1], float32[::1])")
def price(codes, out):
    i = cuda.grid(1)
    prices = {0: 1.5, 1: 2.25, 2: 4.0}
    if i < codes.size:
        out[i] = prices[codes[i]]
