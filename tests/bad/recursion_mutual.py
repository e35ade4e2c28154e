# expect: 19:12: error: recursive call
# expect-text: is_even
# allow-extra-errors
# Two device functions that call each other.
from numba import cuda


@cuda.jit(device=True)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@cuda.jit(device=True)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@cuda.jit("void(int64[::1], boolean[::1])")
def parity(values, out):
    i = cuda.grid(1)
    if i < values.size:
        out[i] = is_even(values[i])
