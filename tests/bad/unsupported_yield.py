# expect: 10:9: error: yield is not supported in CUDA kernels
# allow-extra-errors
# A device function written as a generator.
from numba import cuda


@cuda.jit(device=True)
def countdown(n):
    while n > 0:
        yield n
        n -= 1


@cuda.jit("void(int64[::1])")
def run(out):
    i = cuda.grid(1)
    for v in countdown(out[i]):
        out[i] += v
