"""NumPy ufuncs called with arrays inside kernels, which Numba's CUDA target runs as the ufunc's
loop over the output array given as the last argument: one and two inputs, a scalar operand,
a 1-D input broadcast against a 2-D output, int64 inputs into a float64 output, a bool output,
and the call's value (the output array) used. The results are exact (maxima, minima, hypot of
Pythagorean triples), so the GPU's and NumPy's are the same.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def elementwise(a, b, larger, capped, sides):
    np.maximum(a, b, larger)
    np.minimum(a, 7.0, capped)
    np.hypot(a, b, sides)


@cuda.jit
def rows(row, grid, out):
    np.fmax(grid, row, out)
    done = np.minimum(out, 10.0, out)
    done[0, 0] = -1.0


@cuda.jit
def mixed(x, y, out, flags):
    if cuda.grid(1) == 0:
        np.maximum(x, y, out)
        np.isnan(out, flags)


if __name__ == "__main__":
    a = np.array([3.0, 5.0, 8.0, 0.0, 20.0, 7.0], dtype=np.float32)
    b = np.array([4.0, 12.0, 15.0, 0.0, 21.0, 24.0], dtype=np.float32)
    larger = np.zeros(6, dtype=np.float32)
    capped = np.zeros(6, dtype=np.float32)
    sides = np.zeros(6, dtype=np.float32)
    elementwise[1, 1](a, b, larger, capped, sides)
    print(larger, capped, sides)

    row = np.array([1.0, 12.0, 3.0])
    grid = np.arange(12, dtype=np.float64).reshape(4, 3) * 1.75
    out = np.zeros((4, 3))
    rows[1, 1](row, grid, out)
    print(out)

    x = np.array([0, -1, 4, 9, 144], dtype=np.int64)
    y = np.array([2, -5, 3, 10, 100], dtype=np.int64)
    out_x = np.zeros(5)
    flags = np.ones(5, dtype=np.bool_)
    mixed[1, 32](x, y, out_x, flags)
    print(out_x, flags)
