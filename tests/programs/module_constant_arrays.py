"""Module-level arrays computed with NumPy and read in kernels.

Numba freezes a global array into the kernel when it compiles it; py2cuda evaluates the same
expressions at translation time (NumPy 1.26's dtypes and arithmetic) and freezes the result.
The host code prints the same names, so both sides must agree with NumPy.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math

import numpy as np
from numba import cuda

LUT = np.arange(16, dtype=np.int32) * 3  # int32 (3 fits: value-based casting)
WIDE = np.arange(4, dtype=np.int8) + 300  # int16 (300 does not fit int8)
DOWN = np.arange(4, dtype=np.uint8) - 1  # uint8, wraps to 255
GRID = np.linspace(0.0, 1.0, 9)
GRID32 = np.linspace(-1, 1, 7, dtype=np.float32)
STEPS = np.arange(0.1, 1.0, 0.15, dtype=np.float32)
MAT = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32) * 0.5  # float32
MAT_T = MAT.T
EYE = np.eye(4, dtype=np.int32) * 7 + 1
MIXED = np.arange(4, dtype=np.int32) * np.float32(2.5)  # float64
BLOCK = ((np.arange(6).reshape(2, 3) + 1).astype(np.float32) / 4).reshape(3, 2)
ROOTS = np.sqrt(np.arange(5, dtype=np.float32))
ANGLES = np.arange(8) * (math.pi / 4)
WAVE = np.cos(ANGLES) * 2 - np.exp(ANGLES / 8)
SUMS = np.arange(4) + np.arange(4, 8)
OUTER = np.arange(3).reshape(3, 1) * np.arange(4)  # broadcasting to (3, 4)
NEG = -np.arange(3, dtype=np.int16) // 2
HALVES = np.full((2, 2), 0.5, dtype=np.float32) + np.ones((2, 2))  # float64
FLAGS = np.array([True, False, True, True])
SCALED_PI = np.float32(2.5) * math.pi  # NumPy 1.26: float64


@cuda.jit
def read_1d(ints, floats):
    i = cuda.grid(1)
    if i < ints.shape[0]:
        ints[i, 0] = LUT[i % 16]
        ints[i, 1] = WIDE[i % 4]
        ints[i, 2] = DOWN[i % 4]
        ints[i, 3] = SUMS[i % 4]
        ints[i, 4] = NEG[i % 3]
        ints[i, 5] = 1 if FLAGS[i % 4] else 0
        floats[i, 0] = GRID[i % 9]
        floats[i, 1] = GRID32[i % 7]
        floats[i, 2] = STEPS[i % STEPS.size]
        floats[i, 3] = MIXED[i % 4]
        floats[i, 4] = ROOTS[i % 5]
        floats[i, 5] = WAVE[i % 8]
        floats[i, 6] = SCALED_PI * i


@cuda.jit
def read_2d(out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = (MAT[i % 2, j % 3] + MAT_T[j % 3, i % 2] + EYE[i % 4, j % 4] + BLOCK[i % 3, j % 2]
                     + OUTER[i % 3, j % 4] + HALVES[i % 2, j % 2])


def main():
    n = 10
    ints = np.zeros((n, 6), dtype=np.int64)
    floats = np.zeros((n, 7), dtype=np.float64)
    read_1d[1, 32](ints, floats)
    for i in range(n):
        print(i, ints[i, 0], ints[i, 1], ints[i, 2], ints[i, 3], ints[i, 4], ints[i, 5])
    for i in range(n):
        print(i, repr(floats[i, 0]), repr(floats[i, 1]), repr(floats[i, 2]), repr(floats[i, 3]),
              repr(floats[i, 4]), f"{floats[i, 5]:.12f}", repr(floats[i, 6]))
    out = np.zeros((5, 6), dtype=np.float64)
    read_2d[(1, 1), (8, 8)](out)
    print(out)
    print(LUT.dtype, WIDE.dtype, DOWN.dtype, GRID32.dtype, STEPS.dtype, MAT.dtype, EYE.dtype, MIXED.dtype)
    print(BLOCK.dtype, BLOCK.shape, ROOTS.dtype, OUTER.shape, NEG.dtype, HALVES.dtype)
    print(DOWN, WIDE, STEPS)
    print(MAT_T)


if __name__ == "__main__":
    main()
