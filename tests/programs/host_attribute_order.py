# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Python evaluates a call's arguments left to right: an attribute read beside a method call that
# changes it sees the value of its own place in that order (print(c.bump(), c.n) prints the
# count after the bump, print(c.n, c.bump()) before it).
import numpy as np
from numba import cuda


@cuda.jit
def fill(out, value):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = value


class Counter:
    def __init__(self):
        self.n = 0
        self.total = 0.0

    def bump(self):
        self.n += 1
        self.total += 0.5
        return self.n


c = Counter()
print(c.bump(), c.n)
print(c.n, c.bump(), c.n, c.total)
print(c.total, c.bump(), c.total)
pair = (c.n, c.bump(), c.n)
print(pair)
print(max(c.bump(), c.n), c.n + c.bump(), c.n)
out = np.zeros(4, dtype=np.int64)
fill[1, 4](out, c.bump() * 10 + c.n)
print(out)
