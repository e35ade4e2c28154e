# expect: 9:14: error: cuda.fp16.__float2half_rd() takes 1 argument but 2 were given
# __float2half_rd converts one float32; the rounding mode is in its name, not an argument.
from numba import cuda


@cuda.jit("void(float32[:], float16[:])")
def round_down(x, out):
    i = cuda.grid(1)
    out[i] = cuda.fp16.__float2half_rd(x[i], 1)
