"""Race: lanes exchange values through shared memory with no cuda.syncwarp() between the
store and the load. Lock-step execution is folklore: CUDA's memory model (Volta and later,
independent thread scheduling) does not order the lanes of a warp without a sync."""
import numpy as np
from numba import cuda, int32


@cuda.jit
def swap_pairs(x, out):
    buf = cuda.shared.array(32, dtype=int32)
    lane = cuda.threadIdx.x
    buf[lane] = x[lane]
    v = buf[lane ^ 1]
    out[lane] = cuda.shfl_sync(0xffffffff, v, lane)


x = np.arange(32, dtype=np.int32)
out = np.zeros(32, dtype=np.int32)
swap_pairs[1, 32](x, out)
print(out[:4])
# racecheck-expect: x
