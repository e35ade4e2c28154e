"""Grid-stride loops that the CPU emulation runs trip by trip (every thread's first trip, then every
thread's second: translator/ir/grid_stride.h), beside ones it must run thread by thread."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math

import numpy as np
from numba import cuda


@cuda.jit
def scale_rows(m, out):
    # Trip by trip: a nested loop, a continue and a break of the inner loop, variables declared
    # in the body.
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    rows = m.shape[0]
    for r in range(start, rows, stride):
        if r % 5 == 4:
            continue
        total = 0.0
        for c in range(m.shape[1]):
            if m[r, c] < 0:
                break
            total += m[r, c]
        out[r] = math.sqrt(total)


@cuda.jit
def count_odd(x, counter):
    # Trip by trip: an atomic in the loop (the threads' order is free).
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        if x[i] % 2 == 1:
            cuda.atomic.add(counter, 0, 1)


@cuda.jit
def partial_sums(x, sums):
    # Thread by thread: an accumulator lives across trips.
    t = cuda.grid(1)
    acc = 0.0
    for i in range(t, x.size, cuda.gridsize(1)):
        acc += x[i]
    sums[t] = acc


@cuda.jit
def first_negative(x, found):
    # Thread by thread: a return inside the loop.
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        if x[i] < 0:
            found[cuda.grid(1)] = i
            return
        found[cuda.grid(1)] = -1


n = 1000
m = (np.arange(n * 3, dtype=np.float64).reshape(n, 3) % 17) - 2.0
out = np.zeros(n)
scale_rows[4, 32](m, out)
print(np.round(out[:12], 6))
print(round(float(out.sum()), 6))

x = np.arange(n, dtype=np.int64) * 7 + 3
counter = np.zeros(1, dtype=np.int64)
count_odd[3, 64](x, counter)
print(counter[0], int((x % 2 == 1).sum()))

xf = np.arange(n, dtype=np.float64)
sums = np.zeros(2 * 64)
partial_sums[2, 64](xf, sums)
print(sums[:4], sums.sum(), xf.sum())

xs = np.ones(n)
xs[[300, 301, 777]] = -1.0
found = np.zeros(64, dtype=np.int64)
first_negative[1, 64](xs, found)
print(found[:16])
print(found[44:50])
