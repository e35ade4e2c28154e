# expect: 9:28: error: the shape of cuda.local.array must be a constant: an integer or a tuple of integers known at translation time
# cuda.local.array sized by a kernel argument.
from numba import cuda, float32


@cuda.jit("void(float32[::1], float32[::1], int64)")
def window_sum(x, out, width):
    i = cuda.grid(1)
    buf = cuda.local.array(width, dtype=float32)
    for k in range(width):
        buf[k] = x[i + k]
    out[i] = buf[0]
