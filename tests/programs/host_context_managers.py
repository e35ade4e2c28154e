# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Context managers of the program's own classes around launches, as course notebooks time their
# kernels: a Timer whose __enter__ returns itself (`as t`, its attributes read after the block,
# __exit__(self, *args)), one instance entered twice in a loop, two managers in one with statement
# (entered in order, left in reverse; an __enter__ returning None binds None); a table of sums by
# np.add.outer of two ranges.
import time
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


class Timer:
    def __init__(self, name):
        self.name = name
        self.elapsed = 0.0
        self.calls = 0

    def __enter__(self):
        self.start = time.perf_counter()
        self.calls += 1
        print(f"[{self.name}] start")
        return self

    def __exit__(self, *args):
        self.elapsed = time.perf_counter() - self.start
        print(f"[{self.name}] done")


class Section:
    depth = 0

    def __init__(self, title):
        self.title = title

    def __enter__(self):
        print("begin", self.title)

    def __exit__(self, exc_type, exc, tb):
        print("end", self.title, exc_type is None)
        return False


def main():
    a = np.arange(8, dtype=np.float32)
    with Timer("scale") as t:
        scale[1, 32](a, np.float32(2.0))
    print(a, t.elapsed >= 0.0, t.calls)
    timer = Timer("twice")
    for k in range(2):
        with timer:
            scale[1, 32](a, np.float32(0.5))
    print(a, timer.calls)
    with Section("outer"), Section("inner") as s:
        print("body", s)
    table = np.add.outer(np.arange(2), np.arange(3))
    print(table, table.shape, np.multiply.outer([1.5, 2.0], (1, 2)))


main()
