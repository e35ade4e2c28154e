"""Emulation check: the value of an Optional result used where it is None.

`safe_div` returns None for a zero divisor, and the kernel uses the result without testing
it: Numba converts the Optional to float64 there and raises TypeError. On a GPU the thread
would stop silently (without debug=True); the emulation names the line and the thread.
"""
from numba import cuda

# emulation-run: halves --grid 1 --block 4 float64[4] float64[4]
# emulation-error: optional_none_used.py:25: TypeError: expected a value, got None (kernel 'halves' at optional_none_used.py:21, block (0,0,0), thread (0,0,0))


@cuda.jit(device=True)
def safe_div(a, b):
    if b == 0:
        return None
    return a / b


@cuda.jit("void(float64[:], float64[:])")
def halves(divisors, out):
    i = cuda.grid(1)
    if i < out.size:
        r = safe_div(1.0, divisors[i])  # divisors[0] is 0: None
        out[i] = r
