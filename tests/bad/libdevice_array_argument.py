# expect: 10:27: error: cuda.libdevice.sinf() does not accept an argument of type array(float32, 1d, C)
# libdevice functions take scalars; the whole array was passed instead of an element.
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float32[::1])")
def sines(x):
    i = cuda.grid(1)
    x[i] = libdevice.sinf(x)
