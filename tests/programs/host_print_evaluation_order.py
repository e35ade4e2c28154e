# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# print() evaluates every argument before it formats any: an array a later argument's call
# changes in place prints changed wherever it appears, and calls run left to right.
import numpy as np
from numba import cuda


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


def step(kernel, a, label):
    print("step", label)
    kernel[1, 32](a)
    return a


class Counter:
    def __init__(self):
        self.n = 0
        self.history = []

    def tick(self):
        self.n += 1
        self.history.append(self.n)
        return self.n


a = np.ones(4)
print(step(add_one, a, "first"), step(double, a, "second"))
b = np.zeros(3, dtype=np.int32)
print("before:", b, "after:", step(add_one, b, "b"), b.sum())
c = Counter()
print(c.tick(), c.tick(), c.history, c.n)
print(c.history, c.tick(), sep=" | ", end=" <\n")
