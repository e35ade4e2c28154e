# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# List displays a kernel iterates or searches, which CPython compiles as tuples before Numba
# sees them: a 1-D stencil `for d in [-1, 0, 1]`, a 4-neighbourhood of (dx, dy) pairs, `in` and
# `not in` against a list of ints and of names, in a device function too; and a kernel print of
# an f-string without replacement fields, a constant string to CPython.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def is_edge(i, n):
    return i in [0, n - 1]


@cuda.jit
def blur(a, out):
    i = cuda.grid(1)
    if i == 0:
        print(f"blur: start")
    if i < a.size and not is_edge(i, a.size):
        s = 0.0
        for d in [-1, 0, 1]:
            s += a[i + d]
        out[i] = s / 3.0
        if i not in [2, 3]:
            out[i] = -out[i]


@cuda.jit
def neighbours(a, out):
    i, j = cuda.grid(2)
    if 0 < i < a.shape[0] - 1 and 0 < j < a.shape[1] - 1:
        s = 0.0
        for dx, dy in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
            s += a[i + dx, j + dy]
        out[i, j] = s


a = np.arange(8.0) ** 2
out = np.zeros_like(a)
blur[1, 16](a, out)
print(np.round(out, 3))
g = np.arange(25.0).reshape(5, 5)
n4 = np.zeros_like(g)
neighbours[(1, 1), (8, 8)](g, n4)
print(n4)
