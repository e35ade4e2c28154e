# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""`in` of a tuple held in a variable (one type, mixed types: a str never equals a number, 2.0
equals 2, tuples of tuples) and Python's all()/any() of 1-D host arrays (a kernel's output
compared with the expected values, NaN counting as true, empty arrays), in host code.
"""
import numpy as np
from numba import cuda


@cuda.jit
def square(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * a[i]


def main():
    a = np.arange(6, dtype=np.float64)
    out = np.zeros_like(a)
    square[1, 8](a, out)
    expected = a ** 2
    print(all(out == expected), any(out > 20), all(out > 0), any(out < 0))
    print(all(np.array([np.nan, 1.0])), any(np.zeros(3)), all(np.zeros(0)), any(np.zeros(0, dtype=np.int32)))

    modes = ("fast", "slow")
    sizes = (1, 2, 4)
    mixed = (1, "a", 2.5, (3, 4))
    print("fast" in modes, "medium" in modes, 2 in sizes, 2.0 in sizes, 3 not in sizes)
    print("a" in mixed, 1 in mixed, 1.0 in mixed, 2.5 in mixed, "b" in mixed, (3, 4) in mixed, (4, 3) in mixed)
    for n in (1, 3, 4):
        if n in sizes:
            print(n, "is a size")
        else:
            print(n, "is not")
    picked = [int(v) for v in out if int(v) in (0, 4, 16)]
    print(picked, out[-1] in (25.0, 36.0))


if __name__ == "__main__":
    main()
