# expect: 11:16: error: 'cuda.libdevice.powi' is not supported by py2cuda: libdevice's __nv_powi has no CUDA C++ math API function; use x ** n or math.pow(x, n)
# libdevice.powi exists in Numba, but no CUDA C++ function calls __nv_powi.
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float64[::1], int32)")
def powers(x, n):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = libdevice.powi(x[i], n)
