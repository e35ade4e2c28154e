# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Module state as scripts keep it around their kernels: module arrays that launches in helper
functions, copy_to_host, out=, an alias, a row loop and a helper write, read back by other
functions; a device array made at module level and launched on in a function; names bound
under an `if` or from calls (`BLOCKS = math.ceil(N / TPB)`, `LABEL = "run-" + str(N)`) and a
module instance read by functions; imports inside main(); `tpb = tpb or 128` with a None
default; `while stack and stack[-1] < v`; `parse_args(argv)` of `main(argv=None)`; any() and all() of
generator expressions stopping at the first item that decides (later items never evaluated)."""
import argparse
import math
import sys

import numpy as np
from numba import cuda

N = 12
TPB = 8
BLOCKS = math.ceil(N / TPB)
LABEL = "run-" + str(N)
VERBOSE = False
if len(sys.argv) > 5:
    VERBOSE = True

out = np.zeros(N)
totals = np.zeros(3)
grid = np.zeros((2, 3))
d_buf = cuda.to_device(np.zeros(4))


class Settings:
    def __init__(self):
        self.scale = 2.0


settings = Settings()


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v * (i + 1)


def log(message):
    if VERBOSE:
        print("debug:", message)
    else:
        print(message)


def launch_cfg(n, tpb=None):
    tpb = tpb or 128
    return (n + tpb - 1) // tpb, tpb


def run(v):
    fill[BLOCKS, TPB](out, v * settings.scale)
    log("in run: %s" % out[:4])


def accumulate():
    np.add(totals, out[:3], out=totals)
    alias = grid
    alias[0, 1] = out.sum()
    for row in grid:
        row[2] = -1.0
    fill[1, 8](d_buf, 0.25)


def report():
    print(LABEL, BLOCKS, "out:", out[:4], "totals:", totals)
    print("grid:", grid.tolist(), "device:", d_buf.copy_to_host())


def monotone(values):
    stack = []
    for v in values:
        while stack and stack[-1] < v:
            stack.pop()
        stack.append(v)
    return stack


checked = []


def positive(x):
    checked.append(x)
    return x > 0


def main(argv=None):
    import time
    from collections import OrderedDict
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=2)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    for r in range(args.reps):
        run(r + 1.5)
        accumulate()
    report()
    settings.scale = 0.5
    run(4.0)
    print("after rescale:", out[:3], launch_cfg(1000), launch_cfg(1000, 256))
    print("monotone:", monotone([3, 1, 4, 1, 5, 9, 2, 6]), time.perf_counter() >= t0)
    print(any(positive(x) for x in [-1, 2, 3]), all(positive(x) for x in [4, -5, 6]), checked)
    print(any(10 / v > 1 for v in [4, 0]), all(v != 0 and 10 / v < 5 for v in [4, 0, 2] if v != 4))
    return 0


if __name__ == "__main__":
    sys.exit(main())
