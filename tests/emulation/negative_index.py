"""Emulation check: a negative index that wraps around, as in Python, but too far.

src[1 - 6 * i] counts from the end of the 16 elements for threads 1 and 2 (src[-5] and
src[-11]); thread 3 asks for src[-17], which is index -1 after the wraparound: outside
the array.
"""
from numba import cuda

# emulation-run: lag --grid 1 --block 4 int64[16] int64[4]
# emulation-error: negative_index.py:16: out-of-bounds access: index -1 is outside dimension 0 of size 16 (kernel 'lag' at negative_index.py:14, block (0,0,0), thread (3,0,0))


@cuda.jit("void(int64[:], int64[:])")
def lag(src, dst):
    i = cuda.grid(1)
    dst[i] = src[1 - 6 * i]
