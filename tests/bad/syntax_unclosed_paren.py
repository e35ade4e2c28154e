# expect: 12:18: error: '(' was never closed
# CPython reports the first syntax error only, and so does py2cuda.
#
# A parenthesis opened in an expression is never closed.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def axpy(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (2.0 * x[i] + y[i]
    cuda.syncthreads()
