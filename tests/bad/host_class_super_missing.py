# expect: 9:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated ('super' object has no attribute 'reset' (AttributeError))
# a = super().reset() where the base class defines no reset (AttributeError): a located warning at
# 22:21, so the host code is not translated and the kernel it launches (on a) has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i


class Buffer:
    def __init__(self, n):
        self.data = np.zeros(n)


class Filled(Buffer):
    def reset(self):
        a = super().reset()
        fill[1, a.size](a)


b = Filled(8)
b.reset()
print(b.data)
