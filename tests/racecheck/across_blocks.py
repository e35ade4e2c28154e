"""Race: block 1 reads what block 0 writes; a syncthreads() does not order blocks."""
import numpy as np
from numba import cuda


@cuda.jit
def pass_on(data):
    b = cuda.blockIdx.x
    if cuda.threadIdx.x == 0:
        if b == 0:
            data[0] = 5.0
        cuda.syncthreads()
        if b == 1:
            data[1] = data[0]


data = np.zeros(2)
pass_on[2, 1](data)
print(data)
# racecheck-expect: across_blocks.py:14:23: error: data race on array 'data' element 0: thread (0,0,0) of block (1,0,0) reads it here while thread (0,0,0) of block (0,0,0) writes it at across_blocks.py:11:13 with no grid.sync() between (blocks of a launch are ordered only by grid.sync())
