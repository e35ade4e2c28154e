# expect: 17:9: warning: the attribute 'factor' of 'Config' is float64 (the unification of all its assignments)
# An attribute assigned an int in one method and a float in another: py2cuda holds it as one
# C++ type, float64, so the int value prints as 2.0 where Python prints 2.
import numpy as np
from numba import cuda


@cuda.jit
def scale(out, f):
    i = cuda.grid(1)
    if i < out.size:
        out[i] *= f


class Config:
    def __init__(self):
        self.factor = 2

    def bump(self):
        self.factor = 2.5


c = Config()
print(c.factor)  # 2 in Python, 2.0 translated
c.bump()
x = np.ones(4)
scale[1, 4](x, c.factor)
print(c.factor, x)
