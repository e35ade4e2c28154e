# expect: 7:72: error: cuda.declare_device: a link file must be a string literal, or os.path.join() of string literals and os.path.dirname(__file__)
# The link path comes from a call py2cuda cannot evaluate when translating.
import glob
from numba import cuda


mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=glob.glob("*.cu"))


@cuda.jit("void(float32[:])")
def square(a):
    i = cuda.grid(1)
    a[i] = mul(a[i], a[i])
