# expect: 9:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (multiple inheritance (a class with more than one base class) is not supported in host code by py2cuda)
# Multiple inheritance is not translated (single inheritance is): a warning at the second base
# class in host code (no main()), so the kernel the program launches has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i


class Launcher:
    def __init__(self, n):
        self.n = n


class Logged:
    pass


class FillLauncher(Launcher, Logged):
    def run(self):
        a = np.zeros(self.n)
        fill[1, self.n](a)
        return a


print(FillLauncher(8).run())
