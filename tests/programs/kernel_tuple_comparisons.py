# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python kernel_tuple_comparisons.py; every comparison is of values Python and numba-cuda order alike)
# Tuples compared in kernels: == and != element by element (tuples of different lengths are
# never equal), <, <=, >, >= decided by the first pair that differs (a NaN decides), else by
# the lengths; nested tuples, mixed element types, a device function's tuple.
import math

import numpy as np
from numba import cuda


@cuda.jit(device=True)
def cell_of(i, width):
    return (i // width, i % width)


@cuda.jit
def order_flags(xs, ys, out):
    i = cuda.grid(1)
    if i < xs.size:
        p = (xs[i], ys[i])
        flags = 0
        if p < (2, 0):
            flags |= 1
        if p <= (2, 5):
            flags |= 2
        if p > (1, 7):
            flags |= 4
        if p >= (3, 3):
            flags |= 8
        if p == (2, 5):
            flags |= 16
        if p != (xs[i], 5):
            flags |= 32
        if cell_of(i, 3) == (1, 1):
            flags |= 64
        if (xs[i], (ys[i], 1)) < (xs[i], (ys[i], 2)):  # nested: decided inside
            flags |= 128
        if (xs[i],) < (xs[i], 0):  # a prefix orders first
            flags |= 256
        if (xs[i], ys[i]) == (xs[i], ys[i], 0):  # different lengths
            flags |= 512
        out[i] = flags


@cuda.jit
def mixed_types(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        r = 0
        if (a[i], 1) < (b[i], 2):  # float32 against float64
            r |= 1
        if (a[i], b[i]) == (b[i], a[i]):
            r |= 2
        if (i, a[i]) >= (i, b[i]):
            r |= 4
        out[i] = r


xs = np.array([0, 1, 2, 2, 2, 3, 3, 4], dtype=np.int64)
ys = np.array([9, 8, 0, 5, 7, 2, 3, 0], dtype=np.int32)
flags = np.zeros(xs.size, dtype=np.int64)
order_flags[1, 8](xs, ys, flags)
for x, y, f in zip(xs, ys, flags):
    print(f"({x}, {y}): {int(f):010b}")

a = np.array([1.0, 2.0, math.nan, 3.0, -0.0], dtype=np.float32)
b = np.array([1.0, 1.5, 0.0, math.nan, 0.0])
out = np.zeros(a.size, dtype=np.int64)
mixed_types[1, 8](a, b, out)
print(out)
