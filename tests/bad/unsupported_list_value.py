# expect: 10:15: error: lists are not supported in CUDA kernels; use a tuple or cuda.local.array
# allow-extra-errors
# A Python list used as per-thread scratch (cuda.local.array is the way).
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def smooth(x, out):
    i = cuda.grid(1)
    weights = [0.25, 0.5, 0.25]
    if 0 < i < x.size - 1:
        out[i] = weights[0] * x[i - 1] + weights[1] * x[i] + weights[2] * x[i + 1]
