# expect: 13:19: error: global 'WEIGHTS'
# allow-extra-errors
# A module-level list read inside a kernel (Numba freezes only constants such as tuples).
from numba import cuda

WEIGHTS = [0.25, 0.5, 0.25]


@cuda.jit("void(float32[::1], float32[::1])")
def smooth(x, out):
    i = cuda.grid(1)
    if 0 < i < x.size - 1:
        out[i] = (WEIGHTS[0] * x[i - 1] + WEIGHTS[1] * x[i]
                  + WEIGHTS[2] * x[i + 1])
