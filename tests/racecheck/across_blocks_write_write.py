"""Race: the first thread of every block stores its block's number into one global element.

Global memory, write-write, threads of different blocks: no cuda.syncthreads() orders them
(only grid.sync() orders blocks), and they store different values, so the element ends as
whichever block the GPU ran last.
"""
import numpy as np
from numba import cuda


@cuda.jit
def last_block(out):
    if cuda.threadIdx.x == 0:
        out[0] = cuda.blockIdx.x
    cuda.syncthreads()


out = np.zeros(1, dtype=np.int32)
last_block[3, 32](out)
print(out)
# racecheck-expect: across_blocks_write_write.py:14:9: error: data race on array 'out' element 0: thread (0,0,0) of block (1,0,0) writes it here while thread (0,0,0) of block (0,0,0) writes it at across_blocks_write_write.py:14:9 with no grid.sync() between (blocks of a launch are ordered only by grid.sync())
