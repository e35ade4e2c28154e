"""Emulation check: a 2-D kernel whose column test uses the wrong dimension.

The guard compares x with shape[0] (rows) instead of shape[1] (columns), so on a wide
launch the threads past the last column write out of bounds; the report names dimension 1.
"""
from numba import cuda

# emulation-run: fill --grid 1,1 --block 8,4 float64[4,6]
# emulation-error: matrix_columns.py:16: out-of-bounds access: index 6 is outside dimension 1 of size 6 (kernel 'fill' at matrix_columns.py:13, block (0,0,0), thread (6,0,0))


@cuda.jit("void(float64[:, :])")
def fill(m):
    x, y = cuda.grid(2)
    if y < m.shape[0] and x < m.shape[0] + 4:
        m[y, x] = x + 10 * y
