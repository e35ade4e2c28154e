"""Benign race: every thread that finds a negative value stores 1 into one shared flag.

Threads 3 and 5 of block 0 both store 1 with nothing ordering them: the same value, so the
answer is right whatever the order, but it is still a race. A warning, and the run goes on.
"""
import numpy as np
from numba import cuda, int32


@cuda.jit
def any_negative(x, out):
    found = cuda.shared.array(1, dtype=int32)
    t = cuda.threadIdx.x
    if t == 0:
        found[0] = 0
    cuda.syncthreads()
    if x[cuda.grid(1)] < 0:
        found[0] = 1
    cuda.syncthreads()
    if t == 0:
        out[cuda.blockIdx.x] = found[0]


x = np.ones(64, dtype=np.float32)
x[3] = x[5] = x[40] = -1.0
out = np.zeros(2, dtype=np.int32)
any_negative[2, 32](x, out)
print(out)
# racecheck-warn: benign_shared_flag.py:18:9: warning: benign data race on shared array 'found' element 0 (block (0,0,0)): thread (5,0,0) writes it here while thread (3,0,0) writes it at benign_shared_flag.py:18:9 with no cuda.syncthreads() between; both store the same value, so the result does not depend on their order, but CUDA's memory model still calls it a race (let one thread store it, or order the stores)
