"""Race: the stores of one value are benign, but reading the flag without a barrier is not.

Threads 0 and 1 store the same value (a warning); thread 2 then reads found[0] while they
write it, unordered: an error, exit status 1.
"""
import numpy as np
from numba import cuda, int32


@cuda.jit
def flag_then_read(out):
    found = cuda.shared.array(1, dtype=int32)
    t = cuda.threadIdx.x
    if t < 2:
        found[0] = 7
    else:
        out[t] = found[0]


out = np.zeros(4, dtype=np.int32)
flag_then_read[1, 4](out)
print(out)
# racecheck-warn: benign_then_read.py:15:9: warning: benign data race on shared array 'found' element 0 (block (0,0,0)): thread (1,0,0) writes it here while thread (0,0,0) writes it at benign_then_read.py:15:9 with no cuda.syncthreads() between; both store the same value, so the result does not depend on their order, but CUDA's memory model still calls it a race (let one thread store it, or order the stores)
# racecheck-expect: benign_then_read.py:17:18: error: data race on shared array 'found' element 0 (block (0,0,0)): thread (2,0,0) reads it here while thread (1,0,0) writes it at benign_then_read.py:15:9 with no cuda.syncthreads() between
