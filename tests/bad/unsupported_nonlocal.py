# expect: 12:9: error: nonlocal statement is not supported in CUDA kernels
# allow-extra-errors
# A nested helper that rebinds the kernel's local with nonlocal.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def accumulate(x, out):
    total = 0.0

    def add(v):
        nonlocal total
        total += v

    i = cuda.grid(1)
    add(x[i])
    out[i] = total
