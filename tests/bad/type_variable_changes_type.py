# expect: 14:9: error: variable 'buf' is assigned values of incompatible types array(float32, 1d, C) and int64
# expect: 14:9: error: cannot assign a value of type int64 to 'buf' of type array(float32, 1d, C)
# One variable holds an array, then an int.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], int64)")
def pick(a, b, which):
    i = cuda.grid(1)
    buf = a
    if which == 1:
        buf = b
    else:
        buf = 0
    a[i] = 1.0
