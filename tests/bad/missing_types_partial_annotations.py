# expect: 7:28: error: parameter 'factor' has no type annotation, but others do
# Only some parameters are annotated.
from numba import cuda, float32


@cuda.jit
def scale(x: float32[::1], factor, out: float32[::1]):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * factor
