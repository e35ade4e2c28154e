# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# A kernel and a device function defined again under their names, notebook style ("version 2"):
# the launches between the two definitions run the first, those after the second run the second,
# and a host function called at the end launches the last.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def step(x):
    return x + 1


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = step(a[i])


def run_twice(a):
    k[1, 4](a)
    k[1, 4](a)
    return a


a = np.zeros(4)
k[1, 4](a)
print("version 1:", a)


@cuda.jit(device=True)
def step(x):
    return x * 10


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = step(a[i]) - i


k[1, 4](a)
print("version 2:", a)
print("helper:", run_twice(np.ones(4)))
