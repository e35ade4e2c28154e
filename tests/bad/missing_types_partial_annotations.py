# expect: 7:5: error: kernel 'scale' has no type signature
# Only some parameters are annotated.
from numba import cuda, float32


@cuda.jit
def scale(x: float32[::1], factor, out: float32[::1]):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * factor
