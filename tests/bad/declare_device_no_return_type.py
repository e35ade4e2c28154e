# expect: 6:38: error: cuda.declare_device: the signature must give a return type
# A kernel-style signature without a return type (Numba: "Return type must be provided").
from numba import cuda


mul = cuda.declare_device("mul_f32", "(float32, float32)")


@cuda.jit("void(float32[:])")
def square(a):
    i = cuda.grid(1)
    a[i] = mul(a[i], a[i])
