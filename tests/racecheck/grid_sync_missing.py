"""Race: the same cooperative kernel reading the mirrored element before grid.sync()."""
import numpy as np
from numba import cuda


@cuda.jit
def mirror_sum(a, out):
    i = cuda.grid(1)
    n = a.size
    if i < n:
        a[i] *= 2
        out[i] = a[i] + a[n - 1 - i]
    cuda.cg.this_grid().sync()


a = np.arange(64, dtype=np.float64)
out = np.zeros(64)
mirror_sum[2, 32](a, out)
print(out[:4])
# racecheck-expect: grid_sync_missing.py:11:9: error: data race on array 'a' element 32: thread (0,0,0) of block (1,0,0) writes it here while thread (31,0,0) of block (0,0,0) reads it at grid_sync_missing.py:12:25 with no grid.sync() between (blocks of a launch are ordered only by grid.sync())
