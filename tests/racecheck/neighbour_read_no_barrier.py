"""Race: the same shift without the barrier (shared read-write, loop mode: no barrier at all)."""
import numpy as np
from numba import cuda, float32


@cuda.jit
def shift(x, out):
    buf = cuda.shared.array(64, dtype=float32)
    t = cuda.threadIdx.x
    buf[t] = x[t]
    out[t] = buf[(t + 1) % 64]


x = np.arange(64, dtype=np.float32)
out = np.zeros(64, dtype=np.float32)
shift[1, 64](x, out)
print(out[:4])
# racecheck-expect: neighbour_read_no_barrier.py:10:5: error: data race on shared array 'buf' element 1 (block (0,0,0)): thread (1,0,0) writes it here while thread (0,0,0) reads it at neighbour_read_no_barrier.py:11:14 with no cuda.syncthreads() between
