# expect: 6:38: error: invalid signature string 'float32(float32, float32': '(' was never closed
# A signature string with an unclosed parenthesis.
from numba import cuda


mul = cuda.declare_device("mul_f32", "float32(float32, float32")


@cuda.jit("void(float32[:])")
def square(a):
    i = cuda.grid(1)
    a[i] = mul(a[i], a[i])
