"""A NumPy dtype chosen when the program runs: `dt = np.float32 if single else np.float64` in
a function called with both, an if/elif chain picking one of three dtypes from a string, a
choice at module level from a flag, and a second choice after the first. py2cuda translates the
statements after each choice once per dtype, the copy the condition picks running; kernels are
specialised for each dtype they are launched with."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import sys

import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def accumulate(x, total):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(total, 0, x[i] * x[i])


def run(single):
    dt = np.float32 if single else np.float64
    x = np.arange(16).astype(dt) / dt(3)
    y = np.ones(16, dtype=dt)
    out = np.empty_like(x)
    saxpy[1, 32](dt(2.5), x, y, out)
    total = np.zeros(1, dtype=dt)
    accumulate[1, 32](x, total)
    print(dt.__name__, out.dtype, np.dtype(dt).itemsize, out[:3].tolist(), total[0])
    return float(total[0])


def integers(kind):
    if kind == "small":
        it = np.int16
    elif kind == "medium":
        it = np.int32
    else:
        it = np.int64
    v = np.arange(5, dtype=it) * 1000
    w = np.zeros_like(v)
    saxpy[1, 8](it(7), v, v, w)
    print(kind, w.dtype, w)


def mixed(single, wide):
    ft = np.float32 if single else np.float64
    it = np.int64 if wide else np.int32
    a = np.linspace(0, 1, 4).astype(ft)
    b = np.arange(4, dtype=it)
    print(ft.__name__, it.__name__, (a * b).dtype, a * b)


results = [run(single) for single in (True, False)]
print("totals close:", abs(results[0] - results[1]) < 1e-3)
for kind in ["small", "medium", "large"]:
    integers(kind)
mixed(True, False)
mixed(False, True)

precise = "--single" not in sys.argv
real = np.float64 if precise else np.float32
grid = np.zeros(8, dtype=real)
saxpy[1, 8](real(0.1), np.ones(8, dtype=real), grid, grid)
print(real.__name__, grid.dtype, grid.sum())
