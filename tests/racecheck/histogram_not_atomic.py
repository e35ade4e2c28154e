"""Race: a histogram incremented with hist[k] += 1 instead of cuda.atomic.add.

Threads 0 and 4 of block 0 both update hist[0] (global memory, write-write).
"""
import numpy as np
from numba import cuda


@cuda.jit
def histogram(keys, hist):
    i = cuda.grid(1)
    if i < keys.size:
        k = keys[i]
        hist[k] += 1


keys = np.arange(256, dtype=np.int32) % 4
hist = np.zeros(4, dtype=np.int64)
histogram[4, 64](keys, hist)
print(hist)
# racecheck-expect: histogram_not_atomic.py:14:9: error: data race on array 'hist' element 0 (block (0,0,0)): thread (4,0,0) writes it here while thread (0,0,0) writes it at histogram_not_atomic.py:14:9 with no cuda.syncthreads() between
