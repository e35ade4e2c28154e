# expect: 8:11: error: *args, **kwargs and keyword-only parameters are not supported in CUDA device functions
# allow-extra-errors
# A device function taking *args.
from numba import cuda


@cuda.jit(device=True)
def total(*values):
    s = 0.0
    for v in values:
        s += v
    return s


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def add3(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = total(a[i], b[i], 1.0)
