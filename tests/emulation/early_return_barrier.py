"""Emulation check: threads that return before a barrier the others wait at.

A common bug: the bounds test returns early, then the rest of the block calls syncthreads().
CUDA leaves this undefined (a hang or wrong results); the emulation names the barrier and
which threads reached it and which returned.
"""
from numba import cuda, float32

# emulation-run: smooth --grid 1 --block 32 float32[20]
# emulation-error: early_return_barrier.py:20: divergent barrier in kernel 'smooth' at early_return_barrier.py:14, block (0,0,0): 20 threads (0,0,0)-(19,0,0) wait at the barrier at early_return_barrier.py:20, but 12 threads (20,0,0)-(31,0,0) returned without reaching it


@cuda.jit("void(float32[:])")
def smooth(a):
    cache = cuda.shared.array(32, float32)
    i = cuda.grid(1)
    if i >= a.size:
        return
    cache[cuda.threadIdx.x] = a[i]
    cuda.syncthreads()
    if cuda.threadIdx.x > 0:
        a[i] = (cache[cuda.threadIdx.x - 1] + cache[cuda.threadIdx.x]) / 2
