# expect: 26:9: warning: the attribute 'kern' of 'Launcher' holds the function 'add_k' and, here, 'mul_k'
# expect-text: every 'Launcher' object must hold the same one
# Two objects of a launcher class holding different kernels in one attribute: py2cuda resolves
# the function an attribute holds at translation time, so it says which two meet there (the
# kernels, typed by their signatures, are still translated; host code is not).
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], float64[:], float64[:])")
def add_k(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


@cuda.jit("void(float64[:], float64[:], float64[:])")
def mul_k(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * b[i]


class Launcher:
    def __init__(self, kern):
        self.kern = kern

    def __call__(self, a, b):
        out = np.empty_like(a)
        self.kern[1, 32](a, b, out)
        return out


print(Launcher(add_k)(np.ones(4), np.ones(4)))
print(Launcher(mul_k)(np.ones(4), np.ones(4)))
