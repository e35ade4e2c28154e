# expect: 11:12: error: a kernel cannot return a value; write results into an array argument
# A kernel that returns its result instead of storing it.
from numba import cuda


@cuda.jit("void(float32[::1])")
def total(x):
    s = 0.0
    for j in range(x.size):
        s += x[j]
    return s
