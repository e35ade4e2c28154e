"""Printing whole arrays: NumPy's str(), line wrapping at 75 columns, summaries over 1000 elements;
then np.set_printoptions (precision, suppress, threshold, edgeitems, linewidth) for the arrays after it."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import sys

import numpy as np
from numba import cuda


@cuda.jit
def ramp(a, step):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i * step


if __name__ == "__main__":
    small = np.zeros(7, dtype=np.float64)
    ramp[1, 32](small, 0.1)
    print(small)
    wide = np.zeros(30, dtype=np.float64)
    ramp[1, 32](wide, 1.5)
    print(wide)
    f32 = np.zeros(12, dtype=np.float32)
    ramp[1, 32](f32, 0.25)
    print(f32)
    ints = np.zeros(40, dtype=np.int64)
    ramp[2, 32](ints, 3)
    print(ints)
    big = np.zeros(5000, dtype=np.float64)
    ramp[20, 256](big, 0.5)
    print(big)
    bigi = np.arange(2000, dtype=np.int32)
    print(bigi)
    m = np.arange(20, dtype=np.float64).reshape(4, 5) / 8
    print(m)
    wide2 = np.arange(36, dtype=np.float32).reshape(2, 18) * np.float32(1.5)
    print(wide2)
    bigm = np.arange(3000).reshape(60, 50)
    print(bigm)
    print(np.array([1e-5, 1.0, 1e5]), np.array([1e-3, 1.0]), np.array([1e20, 1.0]))
    print(np.array([-1.5, np.nan, np.inf, 0.0]), np.array([True, False]))
    print(np.array([0.1, 0.2, 0.3], dtype=np.float32) * 3)
    print(np.array([[1, -2], [300, 4]]), np.array([[0.5]]), np.zeros((2, 0)))
    print(repr(np.arange(3)), repr(np.array([1.5, 2.0])))
    print(str(np.arange(4)), len(str(big)))
    # Print options last: they hold for the rest of the program.
    ramp[1, 8](small, 0.0005)
    np.set_printoptions(precision=3, suppress=True)
    print(small, np.array([1e-10, 1.0, 123456.789]), np.array([1.5e9, 2.0]))
    np.set_printoptions(precision=2)
    print(repr(np.arange(12, dtype=np.float32).reshape(3, 4) / 7))
    np.set_printoptions(suppress=False, precision=4)
    print(np.array([1e-6, 1.0]), np.array([2.0 / 3]), np.float64(2.0 / 3))
    np.set_printoptions(threshold=5, edgeitems=2)
    print(np.arange(10), np.arange(20).reshape(4, 5), sep="\n")
    np.set_printoptions(threshold=sys.maxsize)
    print(len(str(bigi)))
    np.set_printoptions(threshold=np.inf, linewidth=40)
    print(np.arange(30))
    np.set_printoptions(linewidth=120, precision=8, threshold=1000, edgeitems=3)
    print(np.arange(40) * 1.5, len(str(big)))
