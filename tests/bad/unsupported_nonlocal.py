# expect: 12:5: error: a nested function definition is not supported in CUDA kernels; define it at module level with @cuda.jit(device=True)
# expect: 17:5: error: name 'add' is not defined
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
