# expect: 11:16: error: cuda.libdevice.fadd_rz() takes 2 arguments but 3 were given
# libdevice functions have one fixed signature: fadd_rz is float32(float32, float32).
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float32[::1], float32[::1])")
def add3(x, y):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = libdevice.fadd_rz(x[i], y[i], 1.0)
