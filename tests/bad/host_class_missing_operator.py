# expect: 25:8: error: unsupported operand type(s) for *: 'int' and 'Vec'
# A class defining __mul__ multiplied from the left by a number: Python calls int.__mul__, then
# Vec.__rmul__, which the class does not define (TypeError).
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


a = np.zeros(4)
fill[1, 4](a)
print((2 * Vec(a[3])).x)
