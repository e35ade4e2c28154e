"""Race: one thread reads total[0] plainly while the others add to it atomically."""
import numpy as np
from numba import cuda


@cuda.jit
def count(total, seen):
    t = cuda.threadIdx.x
    if t == 0:
        seen[0] = total[0]
    cuda.atomic.add(total, 0, 1)


total = np.zeros(1, dtype=np.int32)
seen = np.zeros(1, dtype=np.int32)
count[1, 32](total, seen)
print(total, seen)
# racecheck-expect: atomic_and_plain.py:11:21: error: data race on array 'total' element 0 (block (0,0,0)): thread (1,0,0) updates it atomically here while thread (0,0,0) reads it at atomic_and_plain.py:10:19 with no cuda.syncthreads() between; an atomic and a plain access of one element race too
