# expect: 7:11: error: signature 'float32(float32, float32, float32)' has 3 parameter type(s) but 'lerp' takes 2 parameter(s)
# allow-extra-errors
# A device function whose signature has one type too many.
from numba import cuda


@cuda.jit("float32(float32, float32, float32)", device=True)
def lerp(a, b):
    return a + 0.5 * (b - a)


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def mid(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = lerp(a[i], b[i])
