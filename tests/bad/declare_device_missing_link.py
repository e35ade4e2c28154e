# expect: 6:73: error: cuda.declare_device: link file 'kernels/mul.cu' not found
# The link file's path is wrong (relative names are relative to this file).
from numba import cuda


mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=["kernels/mul.cu"])


@cuda.jit("void(float32[:])")
def square(a):
    i = cuda.grid(1)
    a[i] = mul(a[i], a[i])
