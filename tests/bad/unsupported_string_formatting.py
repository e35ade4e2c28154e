# expect: 11:9: error: name 'print' is not defined
# allow-extra-errors
# %-formatting of a string passed to print.
from numba import cuda


@cuda.jit("void(float32[::1])")
def debug(x):
    i = cuda.grid(1)
    if i < 4:
        print("x = %f" % x[i])
