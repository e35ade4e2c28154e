"""Module globals a kernel reads whose values only the running program knows: a Gaussian filter
built with NumPy calls py2cuda does not evaluate (`np.outer`, `/=` in place), a lookup table
filled by a loop, a scale a function sets under `global` before the first launch, a count from
`len()` of a list the program extends, a flag from the command line, read by kernels directly
and through a device function, launched from the module's code and from a helper. Numba freezes
each at the kernel's first launch, and py2cuda copies it into __constant__ memory there: a
change after the first launch does not reach the compiled kernel (the `after` line; the
simulator reads globals live, so it prints the new scale there). A kernel with a signature reading
such a global (`TABLE`, from `len(sys.argv)`) is typed after the module's code."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# simulator-differs: after
import sys

import numpy as np
from numba import cuda

x = np.arange(-2, 3)
G = np.exp(-x ** 2 / 2.0)
G /= G.sum()
K = np.outer(G, G).astype(np.float32)

LUT = np.zeros(8, dtype=np.int32)
for k in range(8):
    LUT[k] = k * k

SCALE = 2.0
DATA = [3, 1, 4, 1, 5, 9, 2, 6]
DATA.append(5)
N = len(DATA)
NEGATE = len(sys.argv) > 5
TABLE = np.arange(8, dtype=np.float32) * float(len(sys.argv))


def set_scale(s):
    global SCALE
    SCALE = s


@cuda.jit(device=True)
def weight(i):
    return G[i % G.size]


@cuda.jit
def blur(img, out):
    i, j = cuda.grid(2)
    if 2 <= i < img.shape[0] - 2 and 2 <= j < img.shape[1] - 2:
        acc = 0.0
        for a in range(K.shape[0]):
            for b in range(K.shape[1]):
                acc += K[a, b] * img[i + a - 2, j + b - 2]
        out[i, j] = acc


@cuda.jit
def lookup(idx, out):
    i = cuda.grid(1)
    if i < out.size:
        v = LUT[idx[i] % LUT.size] * SCALE + weight(i)
        if NEGATE:
            v = -v
        out[i] = v + N


@cuda.jit("void(float32[::1])")
def table_lookup(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = TABLE[i % 8] + N


def run_lookup(idx):
    out = np.zeros(idx.size)
    lookup[1, 32](idx, out)
    return out


img = (np.arange(64, dtype=np.float32).reshape(8, 8) % 7).astype(np.float32)
out = np.zeros_like(img)
blur[(2, 2), (4, 4)](img, out)
np.set_printoptions(precision=4)
print(out[2:6, 2:6])
print("filter sum", round(float(K.sum()), 6), K.dtype, K.shape)
set_scale(3.0)
idx = np.array(DATA)
first = run_lookup(idx)
print("first", first)
set_scale(100.0)
again = run_lookup(idx)
print("after", again[:4], "unchanged:", bool(np.array_equal(first, again)))
print("scale on the host", SCALE, "N", N)
table_out = np.zeros(10, dtype=np.float32)
table_lookup[1, 16](table_out)
print("table", table_out)
