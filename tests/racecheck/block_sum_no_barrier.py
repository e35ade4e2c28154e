"""Race: a block reduction without the barrier after the shared-memory store.

Thread 0 reads buf[32] in the first step before thread 32 has stored it: in Numba's
simulator this prints [1. 7.] or so, silently.
"""
import numpy as np
from numba import cuda, float32


@cuda.jit
def block_sum(x, out):
    buf = cuda.shared.array(64, dtype=float32)
    t = cuda.threadIdx.x
    buf[t] = x[cuda.grid(1)]
    s = 32
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = buf[0]


x = np.ones(128, dtype=np.float32)
out = np.zeros(2, dtype=np.float32)
block_sum[2, 64](x, out)
print(out)
# racecheck-expect: block_sum_no_barrier.py:14:5: error: data race on shared array 'buf' element 32 (block (0,0,0)): thread (32,0,0) writes it here while thread (0,0,0) reads it at block_sum_no_barrier.py:18:23 with no cuda.syncthreads() between
