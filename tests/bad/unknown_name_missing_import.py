# expect: 10:18: error: name 'math' is not defined
# math is used but was never imported.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def root(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.sqrt(x[i])
