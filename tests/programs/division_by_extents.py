"""Integer `//` and `%` whose divisor the translator proves non-negative or positive: an array's
extent (`n, m = table.shape`, `table.shape[1]`, `len(values)`, `values.size`), a counter from 0
tested non-zero, and the extents of a module array frozen into constant memory. Python's
rounding toward negative infinity and the divisor's sign hold for negative dividends, the
int64 extremes and a counter that reaches the divisor.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda

WEIGHTS = np.array([[2, -3, 5], [7, 11, -13]], dtype=np.int64)


@cuda.jit
def by_extents(values, table, mods, quotients):
    i = cuda.grid(1)
    if i < values.size:
        n, m = table.shape
        v = values[i]
        mods[i, 0] = v % n
        mods[i, 1] = v % m
        mods[i, 2] = v % len(values)
        mods[i, 3] = (v // 4 - i) % table.shape[1]
        quotients[i, 0] = v // n
        quotients[i, 1] = v // table.shape[1]
        quotients[i, 2] = (v // 2 - 7) // values.size
        quotients[i, 3] = -v // m if v > -(2 ** 62) else v // m


@cuda.jit
def by_counters(values, sums):
    i = cuda.grid(1)
    if i < values.size:
        v = values[i]
        total = 0
        for d in range(0, 6):
            if d != 0:
                total ^= v % d + v // d
        sums[i] = total


@cuda.jit
def by_frozen(values, weighted):
    i = cuda.grid(1)
    if i < values.size:
        v = values[i]
        weighted[i] = WEIGHTS[i % WEIGHTS.shape[0], i % WEIGHTS.shape[1]] * (v % WEIGHTS.size)


def main():
    values = np.array([-9, -1, 0, 5, 17, -(2 ** 63), 2 ** 63 - 1, -100, 4, -4, 23], dtype=np.int64)
    table = np.zeros((3, 4), dtype=np.float32)
    mods = np.zeros((values.size, 4), dtype=np.int64)
    quotients = np.zeros((values.size, 4), dtype=np.int64)
    by_extents[1, 32](values, table, mods, quotients)
    print("mods:")
    print(mods)
    print("quotients:")
    print(quotients)

    sums = np.zeros(values.size, dtype=np.int64)
    by_counters[2, 8](values, sums)
    print("sums:", sums)

    weighted = np.zeros(values.size, dtype=np.int64)
    by_frozen[1, 16](values, weighted)
    print("weighted:", weighted)


if __name__ == "__main__":
    main()
