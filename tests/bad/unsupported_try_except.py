# expect: 10:9: error: try statement is not supported in CUDA kernels
# Exception handling inside a kernel.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def safe_divide(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        try:
            out[i] = a[i] / b[i]
        except ZeroDivisionError:
            out[i] = 0.0
