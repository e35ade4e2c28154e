"""Emulation check: threads that return before a barrier the others wait at.

The bounds test returns early, then the rest of the block calls syncthreads(). A GPU's
bar.sync counts the exited threads as arrived, and Numba's simulator lets them go, so the
kernel runs: the 20 live threads of the block of 32 pass the barrier and each averages its
value with its left neighbour's.
"""
from numba import cuda, float32

# emulation-run: smooth --grid 1 --block 32 float32[20]
# emulation-expect: a = 0 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5 10.5 11.5 12.5 13.5 14.5 15.5 16.5 17.5 18.5


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
