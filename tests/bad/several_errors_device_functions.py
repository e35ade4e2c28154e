# expect: 15:16: error: device function 'clamp01' takes 2 arguments but 3 were given
# Errors in a device function and in the kernel that calls it.
from numba import cuda


@cuda.jit(device=True)
def clamp01(v, hi):
    return min(max(v, lo), hi)


@cuda.jit("void(float32[::1])")
def saturate(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = clamp01(x[i], 0.0, 1.0)
