# expect: 15:9: error: variable 'buf' is assigned values of incompatible types array(float32, 1d, C) and int64
# expect: 15:9: error: cannot assign a value of type int64 to 'buf' of type array(float32, 1d, C)
# One variable holds an array, then an int, and is read after the branches join (while
# neither is read after, Numba types the two assignments apart, as py2cuda does).
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
    b[0] = buf[0]
