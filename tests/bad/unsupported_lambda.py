# expect: 11:13: error: 'square' holds a lambda, which py2cuda applies where it is called (square(...)) or passed as key=; it is not a value otherwise
# allow-extra-errors
# A lambda inside a kernel is applied where it is called; bound to another name it is a value.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def square_all(x, out):
    i = cuda.grid(1)
    square = lambda v: v * v
    apply = square
    if i < x.size:
        out[i] = apply(x[i])
