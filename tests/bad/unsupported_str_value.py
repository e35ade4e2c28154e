# expect: 12:12: error: strings are not supported in CUDA kernels
# expect: 14:20: error: strings are not supported in CUDA kernels
# allow-extra-errors
# A string chosen at run time as a mode switch inside a kernel. (A constant one, `mode = "relu"`,
# works: Numba decides `mode == "relu"` before typing and drops the string; golden branch_pruning.)
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def activate(x, out):
    i = cuda.grid(1)
    mode = "relu" if x[0] > 0 else "linear"
    if i < x.size:
        if mode == "relu":
            out[i] = max(x[i], 0.0)
        else:
            out[i] = x[i]
