"""A program that checks its result with assert, then stops with an uncaught ValueError."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def negate(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = -a[i]


def check(values):
    for v in values:
        if v > 0:
            raise ValueError(f"positive value {v} after negation")


if __name__ == "__main__":
    a = np.arange(1, 6, dtype=np.int64)
    negate[1, 8](a)
    print("negated:", a)
    assert a.sum() == -15, "wrong sum"
    assert np.array_equal(a, -np.arange(1, 6))
    check(a)
    print("first check passed")
    b = np.array([3, -1, 2], dtype=np.int64)
    negate[1, 2](b)  # only two threads: b[2] stays positive
    print("partly negated:", b)
    check(b)
    print("not reached")
