# expect: 8:9: error: 'cuda.gird' is not supported
# cuda.grid misspelled as cuda.gird.
from numba import cuda


@cuda.jit("void(float32[::1])")
def zero(x):
    i = cuda.gird(1)
    if i < x.size:
        x[i] = 0.0
