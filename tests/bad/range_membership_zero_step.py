# expect: 9:43: error: range() arg 3 must not be zero
# A membership test over a range with a zero step: Python and Numba raise ValueError making it.
from numba import cuda


@cuda.jit("void(int64[::1])")
def mark_even(out):
    i = cuda.grid(1)
    if i < out.size and i in range(0, 64, 0):
        out[i] = 1
