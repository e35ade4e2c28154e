# expect: 15:16: error: takes 3 arguments but 2 were given
# A device function called with one argument too few.
from numba import cuda


@cuda.jit(device=True)
def clamp(v, lo, hi):
    return min(max(v, lo), hi)


@cuda.jit("void(float32[::1])")
def saturate(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = clamp(x[i], 0.0)
