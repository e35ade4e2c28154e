# expect: 6:11: error: signature 'void(float32[::1], float32[::1])' has 2 parameter type(s) but 'add' takes 3 parameter(s)
# The signature lists two types for three parameters.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]
