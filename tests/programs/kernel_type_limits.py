# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Module constants from np.finfo and np.iinfo read by kernels, frozen as Numba freezes them:
finfo's values are NumPy scalars of the type (float32 stays float32), iinfo's Python ints."""
import numpy as np
from numba import cuda

EPS32 = np.finfo(np.float32).eps
EPS = np.finfo(np.float64).eps
BIG32 = np.finfo(np.float32).max
TINY = np.finfo(np.float64).tiny
LOW32 = np.finfo("float32").min
RES32 = np.finfo(np.float32).resolution
IMAX = np.iinfo(np.int32).max
IMIN = np.iinfo(np.int32).min
BYTE = np.iinfo(np.uint8).max
SMALL = np.iinfo(np.int8).min
BITS = np.iinfo(np.int16).bits + np.finfo(np.float32).bits


@cuda.jit
def limits(x, out, counts):
    i = cuda.grid(1)
    if i < x.size:
        # Relative closeness in float32 (EPS32 is an np.float32, so the product stays float32).
        out[i] = abs(x[i] - np.float32(1.0)) <= EPS32 * np.float32(4)
        counts[i] = min(max(np.int64(x[i] * 1e9), IMIN), IMAX)
    if i == 0:
        counts[x.size] = BYTE + SMALL + BITS


@cuda.jit
def show(out):
    out[0] = EPS32
    out[1] = EPS
    out[2] = BIG32
    out[3] = TINY
    out[4] = LOW32
    out[5] = RES32
    out[6] = EPS32 * 3


x = np.array([1.0, 1.0000001, 1.00001, 3.0, -3.0], dtype=np.float32)
out = np.zeros(x.size, dtype=np.bool_)
counts = np.zeros(x.size + 1, dtype=np.int64)
limits[1, 8](x, out, counts)
print(out)
print(counts)
values = np.zeros(7)
show[1, 1](values)
print(values)
print(values[6] == np.float32(EPS32 * 3), IMAX, IMIN, BITS)
