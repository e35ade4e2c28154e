# expect: 11:12: error: external function 'mul' (float32(float32, float32)) takes 2 arguments but 1 was given
# An external function called with too few arguments.
from numba import cuda

mul = cuda.declare_device("mul_f32", "float32(float32, float32)")


@cuda.jit("void(float32[:])")
def square(a):
    i = cuda.grid(1)
    a[i] = mul(a[i])
