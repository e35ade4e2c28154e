# expect: 17:14: error: only 'for ... in range(...)' loops are supported in this version of py2cuda; iterate over indices with range(len(a))
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
