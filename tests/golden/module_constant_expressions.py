"""Golden: module-level arrays computed by NumPy expressions, frozen into the kernels.

Numba freezes a global array's value when it compiles a kernel that reads it. py2cuda evaluates
the expression at translation time with NumPy 1.26's dtypes (value-based casting: int32 * 3
stays int32) and arithmetic, then emits a __constant__ C array named after the Python name, of
the result's dtype and shape, with the Python line above it.
"""
import math

import numpy as np
from numba import cuda

LUT = np.arange(16, dtype=np.int32) * 3
PHASES = np.cos(np.linspace(0.0, math.pi, 5)).astype(np.float32)
KERNEL_2D = (np.arange(9).reshape(3, 3) - 4).T / 8
IDENTITY = np.eye(3, dtype=np.uint8) * 2


@cuda.jit("void(int32[:], float32[:], float64[:, :])")
def read_tables(ints, floats, grid):
    i = cuda.grid(1)
    if i < ints.size:
        ints[i] = LUT[i % LUT.size] + IDENTITY[i % 3, i % 3]
        floats[i] = PHASES[i % 5]
    if i < 3:
        for j in range(3):
            grid[i, j] = KERNEL_2D[i, j]
