"""Emulation check: the two halves of a block wait at two different barriers.

Each branch has its own syncthreads(). On a GPU the outcome depends on the architecture;
the emulation reports both barriers and which threads wait at each.
"""
from numba import cuda

# emulation-run: halves --grid 1 --block 64 int32[64]
# emulation-error: branch_barriers.py:17: divergent barrier in kernel 'halves' at branch_barriers.py:13, block (0,0,0): 32 threads (0,0,0)-(31,0,0) wait at the barrier at branch_barriers.py:17; 32 threads (32,0,0)-(63,0,0) wait at the barrier at branch_barriers.py:20: the threads of a block must all reach the same barrier


@cuda.jit("void(int32[:])")
def halves(a):
    i = cuda.grid(1)
    if cuda.threadIdx.x < 32:
        a[i] = 1
        cuda.syncthreads()
    else:
        a[i] = 2
        cuda.syncthreads()
