"""Clean: each thread doubles its element; after grid.sync() it reads the mirrored one, which
another block doubled."""
import numpy as np
from numba import cuda


@cuda.jit
def mirror_sum(a, out):
    i = cuda.grid(1)
    n = a.size
    if i < n:
        a[i] *= 2
    cuda.cg.this_grid().sync()
    if i < n:
        out[i] = a[i] + a[n - 1 - i]


a = np.arange(64, dtype=np.float64)
out = np.zeros(64)
mirror_sum[2, 32](a, out)
print(out[:4])
# racecheck-clean
