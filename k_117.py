# class defaults overridden in a method (not __init__), plus verbose flags
import numpy as np
from numba import cuda

@cuda.jit
def scale(a, s):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= s

class Runner:
    tpb = 4
    factor = 3.0
    verbose = False
    def configure(self, tpb):
        self.tpb = tpb
    def run(self, a):
        blocks = (a.size + self.tpb - 1) // self.tpb
        scale[blocks, self.tpb](a, self.factor)
        if self.verbose:
            print("ran with", blocks, "blocks")
        return a

r1 = Runner()
r2 = Runner()
r2.configure(2)
r2.verbose = True
print(r1.run(np.ones(6)), r2.run(np.ones(6)))
print(r1.tpb, r2.tpb, r1.factor, r1.verbose, r2.verbose)
