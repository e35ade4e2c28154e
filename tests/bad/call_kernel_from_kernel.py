# expect: 15:5: error: cannot call kernel 'scale' from device code; kernels are launched from the host (dynamic parallelism is not supported)
# A kernel called from another kernel (no dynamic parallelism).
from numba import cuda


@cuda.jit("void(float32[::1])")
def scale(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= 2.0


@cuda.jit("void(float32[::1])")
def driver(x):
    scale(x)
