"""Emulation check: a correct block reduction, barriers in a loop, on many blocks.

Each block of 32 threads sums its slice of the input through shared memory, halving the
active threads each round with a syncthreads() after each; every thread reaches every
barrier. The sums are the expected output.
"""
from numba import cuda, float64

TPB = 32

# emulation-run: block_sums --grid 5 --block 32 float64[150] float64[5]
# emulation-expect: partial = 496 1520 2544 3568 3047


@cuda.jit("void(float64[:], float64[:])")
def block_sums(a, partial):
    cache = cuda.shared.array(TPB, float64)
    tx = cuda.threadIdx.x
    i = cuda.grid(1)
    cache[tx] = a[i] if i < a.size else 0.0
    cuda.syncthreads()
    step = TPB // 2
    while step > 0:
        if tx < step:
            cache[tx] += cache[tx + step]
        cuda.syncthreads()
        step //= 2
    if tx == 0:
        partial[cuda.blockIdx.x] = cache[0]
