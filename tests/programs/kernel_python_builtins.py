# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Python's tuple operators, builtins and iteration in kernels, as Numba's CUDA target has them:
# divmod() of ints and floats, max()/min() of a tuple, `+` and `*` of tuples (a shape extended
# by one), a loop over a 2-D array's rows, a lambda and a one-line function defined inside a
# kernel (closures over its variables, applied where they are called), and an atomic whose
# index is a float (a histogram bin from math.floor, float64 on CUDA), which numba-cuda casts
# to an integer.
import math

import numpy as np
from numba import cuda


@cuda.jit
def quotients(a, b, q, r, fq, fr):
    i = cuda.grid(1)
    if i < a.size:
        q[i], r[i] = divmod(a[i], b[i])
        x, y = divmod(a[i] * 0.5, -1.5)
        fq[i] = x
        fr[i] = y


@cuda.jit
def spreads(a, out):
    i = cuda.grid(1)
    if i < out.size:
        t = (a[i], a[i + 1], a[i + 2])
        out[i] = max(t) - min(t) + max((a[i],))


@cuda.jit
def shapes(m, out):
    s = m.shape + (7,)
    z = (0,) * 3
    w = (1, 2) + (3, 4)
    out[0] = s[0] * 100 + s[1] * 10 + s[2]
    out[1] = len(z) + z[2]
    out[2] = w[0] + w[3] * 10


@cuda.jit
def row_totals(m, out):
    s = 0.0
    for row in m:
        t = 0.0
        for v in row:
            t += v
        s += t * t
    out[0] = s


@cuda.jit
def closures(a, out):
    i = cuda.grid(1)
    scale = 3.0

    def f(x):
        return x * scale + 1

    g = lambda x, d=1: x - d
    if i < a.size:
        out[i] = f(a[i]) + g(a[i]) + g(a[i], 2)


@cuda.jit
def histogram(x, h):
    i = cuda.grid(1)
    if i < x.size:
        b = math.floor(x[i] * 4)
        cuda.atomic.add(h, b, 1)


a = np.array([-7, -3, 0, 5, 17], dtype=np.int64)
b = np.array([3, 2, 4, -3, 5], dtype=np.int64)
q = np.zeros(5, dtype=np.int64)
r = np.zeros(5, dtype=np.int64)
fq = np.zeros(5)
fr = np.zeros(5)
quotients[1, 8](a, b, q, r, fq, fr)
print(q, r)
print(fq, fr)

v = np.array([3.0, -1.0, 4.0, 1.5, -5.0, 9.0])
out = np.zeros(4)
spreads[1, 4](v, out)
print(out)

res = np.zeros(3, dtype=np.int64)
shapes[1, 1](np.zeros((2, 5)), res)
print(res)

tot = np.zeros(1)
row_totals[1, 1](np.arange(6.0).reshape(2, 3), tot)
print(tot)

c = np.zeros(4)
closures[1, 4](np.arange(4.0), c)
print(c)

x = np.array([0.1, 0.3, 0.6, 0.9, 0.95, 0.5])
h = np.zeros(4, dtype=np.int32)
histogram[1, 8](x, h)
print(h)
