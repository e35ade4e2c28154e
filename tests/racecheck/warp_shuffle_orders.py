"""Clean: lanes exchange values through shared memory, ordered by a full-warp shuffle between the
store and the load (a shuffle synchronises the lanes of its mask, as cuda.syncwarp() does)."""
import numpy as np
from numba import cuda, int32


@cuda.jit
def swap_pairs(x, out):
    buf = cuda.shared.array(32, dtype=int32)
    lane = cuda.threadIdx.x
    buf[lane] = x[lane]
    v = cuda.shfl_sync(0xffffffff, 0, 0)
    out[lane] = buf[lane ^ 1] + v


x = np.arange(32, dtype=np.int32)
out = np.zeros(32, dtype=np.int32)
swap_pairs[1, 32](x, out)
print(out[:4])
# racecheck-clean
