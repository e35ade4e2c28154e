# expect: 15:16: error: name 'clamp' is not defined
# Calls a device function that does not exist (it is named 'clamp01').
from numba import cuda


@cuda.jit(device=True)
def clamp01(v):
    return min(max(v, 0.0), 1.0)


@cuda.jit("void(float32[::1])")
def saturate(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = clamp(x[i])
