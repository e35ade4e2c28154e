"""Python's int(), float() and bool() of strings and one-element arrays, and Python's sum() of
arrays and tuples (left to right from the int 0), around a kernel that scales by a parsed factor.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale(values, factor, out):
    i = cuda.grid(1)
    if i < values.size:
        out[i] = values[i] * factor


if __name__ == "__main__":
    count = int(" 12 ")
    factor = float("2.5")
    big = int("1_000_000")
    print(count, factor, big, float("-inf"), float("1e-3"), bool(""), bool("x"))
    values = np.arange(count, dtype=np.float64)
    out = np.zeros_like(values)
    scale[1, 32](values, factor, out)
    print(sum(out), sum(np.arange(5)), sum((1, 2, 3)), sum((0.5, 2)))
    single = out[3:4]
    print(int(single), float(single), bool(single))
    print(f"{sum(out[:4]):.2f}", int(out[5]), float(np.float32(0.1)))
