"""Emulation check: lanes that return before a full-mask warp shuffle the others call.

The bounds test returns early, then the remaining lanes of the warp shuffle with the full mask
0xFFFFFFFF, which names the lanes that have returned. CUDA leaves this undefined; the emulation
names the shuffle's Python line, the lanes waiting at it and those that returned.
"""
from numba import cuda

# emulation-run: warp_sums --grid 1 --block 32 float32[20] float32[1]
# emulation-error: warp_early_return.py:21: warp function cuda.shfl_down_sync in kernel 'warp_sums' at warp_early_return.py:14, block (0,0,0): 20 threads (0,0,0)-(19,0,0) wait at cuda.shfl_down_sync with mask 0xffffffff at warp_early_return.py:21, but 12 threads (20,0,0)-(31,0,0) of the mask returned without reaching it


@cuda.jit("void(float32[:], float32[:])")
def warp_sums(a, out):
    i = cuda.grid(1)
    if i >= a.size:
        return
    v = a[i]
    offset = 16
    while offset > 0:
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, offset)
        offset //= 2
    if cuda.laneid == 0:
        out[0] = v
