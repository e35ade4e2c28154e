"""Emulation check: blocks that return before a grid.sync() the other blocks wait at.

The bounds test returns early for whole blocks past the data; the remaining blocks then wait at
g.sync() for threads that are gone. On a GPU the grid hangs; the emulation names the grid.sync(),
the blocks waiting at it and the blocks that returned.
"""
from numba import cuda

# emulation-run: shift_left --grid 4 --block 32 int64[70]
# emulation-error: grid_sync_divergent.py:20: divergent grid.sync() in kernel 'shift_left' at grid_sync_divergent.py:14: 3 blocks (0,0,0)-(2,0,0) wait at grid.sync() at grid_sync_divergent.py:20, but block (3,0,0) returned without reaching it (on a GPU the grid would hang)


@cuda.jit("void(int64[:])")
def shift_left(a):
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    if cuda.blockIdx.x * cuda.blockDim.x >= a.size:
        return
    v = a[(i + 1) % a.size] if i < a.size else 0
    g.sync()
    if i < a.size:
        a[i] = v
