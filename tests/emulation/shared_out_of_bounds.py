"""Emulation check: a shared array smaller than the block that indexes it.

The shared buffer holds TPB = 8 values but the launch uses 16 threads per block: on a GPU
threads 8..15 overwrite other shared memory without a word. The emulation checks shared
arrays like any other.
"""
from numba import cuda, float32

TPB = 8

# emulation-run: stage --grid 1 --block 16 float32[16]
# emulation-error: shared_out_of_bounds.py:19: out-of-bounds access: index 8 is outside dimension 0 of size 8 (kernel 'stage' at shared_out_of_bounds.py:16, block (0,0,0), thread (8,0,0))


@cuda.jit("void(float32[:])")
def stage(a):
    buffer = cuda.shared.array(TPB, float32)
    tx = cuda.threadIdx.x
    buffer[tx] = a[tx]
    cuda.syncthreads()
    a[tx] = buffer[TPB - 1 - tx]
