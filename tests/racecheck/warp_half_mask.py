"""Race: a syncwarp over the lower half-warp does not order lane 15 with lane 16."""
import numpy as np
from numba import cuda, int32


@cuda.jit
def rotate(x, out):
    buf = cuda.shared.array(32, dtype=int32)
    lane = cuda.threadIdx.x
    buf[lane] = x[lane]
    if lane < 16:
        cuda.syncwarp(0x0000ffff)
    else:
        cuda.syncwarp(0xffff0000)
    out[lane] = buf[(lane + 1) % 32]


x = np.arange(32, dtype=np.int32)
out = np.zeros(32, dtype=np.int32)
rotate[1, 32](x, out)
print(out[:4])
# racecheck-expect: warp_half_mask.py:10:5: error: data race on shared array 'buf' element 16 (block (0,0,0)): thread (16,0,0) writes it here while thread (15,0,0) reads it at warp_half_mask.py:15:17 with no cuda.syncthreads() between, nor a cuda.syncwarp() or warp shuffle or vote whose mask covers both lanes (CUDA's memory model orders the lanes of a warp only by such a call, not by their running in lock step)
