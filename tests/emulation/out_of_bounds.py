"""Emulation check: a kernel that reads one element past the end of its array.

On a GPU the last thread reads whatever lies beyond the array, silently. The CPU emulation
stops the grid and names the Python line, the kernel, the block and the thread.
"""
from numba import cuda

# emulation-run: shift --grid 2 --block 8 float32[16] float32[16]
# emulation-error: out_of_bounds.py:16: out-of-bounds access: index 16 is outside dimension 0 of size 16 (kernel 'shift' at out_of_bounds.py:13, block (1,0,0), thread (7,0,0))


@cuda.jit("void(float32[:], float32[:])")
def shift(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i + 1]
