# expect: 10:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (unsupported operand type(s) for *: 'int' and 'Vec' (TypeError; py2cuda calls __add__, __sub__, __mul__, __truediv__, __floordiv__ and __mod__ of the left operand, then __radd__, __rsub__, __rmul__ and __rtruediv__ of the right one))
# A class defining __mul__ multiplied from the left by a number: Python calls int.__mul__, then
# Vec.__rmul__, which the class does not define (TypeError). A located warning at 24:5, so
# the host code is not translated and the kernel it launches (on v.x) has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i


class Vec:
    def __init__(self, x):
        self.x = x

    def __mul__(self, k):
        return Vec(self.x * k)


v = 2 * Vec(np.zeros(4))
fill[1, 4](v.x)
print(v.x)
