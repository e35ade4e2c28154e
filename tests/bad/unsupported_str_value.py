# expect: 11:12: error: strings are not supported in CUDA kernels
# expect: 13:20: error: strings are not supported in CUDA kernels
# allow-extra-errors
# A string used as a mode switch inside a kernel.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def activate(x, out):
    i = cuda.grid(1)
    mode = "relu"
    if i < x.size:
        if mode == "relu":
            out[i] = max(x[i], 0.0)
        else:
            out[i] = x[i]
