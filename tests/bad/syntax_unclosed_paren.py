# expect: 12:18: error: '(' was never closed
# expect: 13:23: error: expected an indented block after 'if' statement on line 11
# allow-extra-errors
# A parenthesis opened in an expression is never closed.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def axpy(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (2.0 * x[i] + y[i]
    cuda.syncthreads()
