"""Emulation check: a row view taken one row past the end of a matrix.

`m[i]` is a view: no element is read when it is made, so a GPU goes on with a pointer past
the matrix and reads or writes whatever lies there. The emulation checks the integer index
when the view is made, like a subscript, and names the line of the subscript.
"""
from numba import cuda

# emulation-run: row_totals --grid 1 --block 4 float32[3,5] float32[4]
# emulation-error: view_out_of_bounds.py:18: out-of-bounds access: index 3 is outside dimension 0 of size 3 (kernel 'row_totals' at view_out_of_bounds.py:14, block (0,0,0), thread (3,0,0))


@cuda.jit("void(float32[:, ::1], float32[:])")
def row_totals(m, out):
    i = cuda.grid(1)
    if i < out.size:  # the wrong bound: out has one element more than m has rows
        s = 0.0
        row = m[i]
        for x in row[1:]:
            s += x
        out[i] = s
