"""Race: every thread of the block stores its index plus one into one shared element."""
import numpy as np
from numba import cuda, int32


@cuda.jit
def last_writer(out):
    cell = cuda.shared.array(1, dtype=int32)
    t = cuda.threadIdx.x
    cell[0] = t + 1
    cuda.syncthreads()
    if t == 0:
        out[0] = cell[0]


out = np.zeros(1, dtype=np.int32)
last_writer[1, 64](out)
print(out)
# racecheck-expect: shared_write_write.py:10:5: error: data race on shared array 'cell' element 0 (block (0,0,0)): thread (1,0,0) writes it here while thread (0,0,0) writes it at shared_write_write.py:10:5 with no cuda.syncthreads() between
