"""Golden: names imported from numba.cuda, numba and math, with and without renaming.

`from numba.cuda import jit, grid, gridsize` makes grid() and gridsize() bare names;
`from numba import float32 as f32, int64` imports types used in a signature object;
`from math import sqrt as msqrt, pi` renames a math function and imports a constant.
"""
# simulator-shim: cuda-attributes
from math import pi
from math import sqrt as msqrt

import numpy as np
from numba import float32 as f32
from numba import int64, void
from numba.cuda import device_array, grid, gridsize, jit, to_device


@jit(device=True)
def circle_area(r):
    return pi * r * r


@jit(void(f32[:], f32[:], int64))
def areas(radius, out, n):
    start = grid(1)
    for i in range(start, n, gridsize(1)):
        out[i] = msqrt(circle_area(radius[i]) / pi)  # recovers the radius


if __name__ == "__main__":
    n = 7
    radius = np.arange(n, dtype=np.float32) * 1.5
    out = device_array(n, dtype=np.float32)
    areas[1, 4](to_device(radius), out, n)
    r = out.copy_to_host()
    for i in range(n):
        print(f"radius {radius[i]} -> {r[i]:.5f}")
