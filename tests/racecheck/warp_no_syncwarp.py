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
# racecheck-expect: warp_no_syncwarp.py:12:5: error: data race on shared array 'buf' element 1 (block (0,0,0)): thread (1,0,0) writes it here while thread (0,0,0) reads it at warp_no_syncwarp.py:13:9 with no cuda.syncthreads() between, nor a cuda.syncwarp() or warp shuffle or vote whose mask covers both lanes (CUDA's memory model orders the lanes of a warp only by such a call, not by their running in lock step)
