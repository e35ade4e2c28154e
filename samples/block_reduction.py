"""Sum of an array by a shared-memory tree reduction in each block, then over the blocks' partials.

Course: "Multidimensional Grids and Shared Memory for CUDA Python with Numba", Shared Memory and
syncthreads. `block_sum` works in three steps:
  1. each thread adds up its elements of the input with a grid-stride loop, in a register;
  2. the block's TPB partial sums go into a shared array, and a tree halves them: in each round
     the lower half of the active threads adds the upper half's values to its own, until one value
     is left; the barrier inside the loop ends each round before the next one reads its results;
  3. thread 0 writes the block's sum to partial[blockIdx.x].
The same kernel then runs as a single block over the partials to give the total, and the host
sums the partials as a cross-check. n = 100003 is not a multiple of anything involved.

The inputs are multiples of 0.125 between -4 and 4: every partial sum is exact in float32, so the
result does not depend on the order of the additions.
"""
import numpy as np
from numba import cuda, float32

TPB = 128  # threads per block; a power of two, as the tree halves it each round


@cuda.jit
def block_sum(x, partial):
    """partial[b] = the sum of the elements of x that block b's threads visit."""
    cache = cuda.shared.array(TPB, dtype=float32)
    t = cuda.threadIdx.x

    acc = float32(0.)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    cache[t] = acc
    cuda.syncthreads()

    half = TPB // 2
    while half > 0:
        if t < half:
            cache[t] += cache[t + half]
        cuda.syncthreads()  # outside the if: every thread of the block reaches every barrier
        half //= 2

    if t == 0:
        partial[cuda.blockIdx.x] = cache[0]


if __name__ == "__main__":
    n = 100003
    i = np.arange(n, dtype=np.int64)
    x = (((i * 37 + i // 5) % 64) * 0.125 - 4.0).astype(np.float32)
    x_device = cuda.to_device(x)

    blocks = 40  # at most TPB, so that one block can reduce the partials
    partial_device = cuda.device_array(blocks, dtype=np.float32)
    block_sum[blocks, TPB](x_device, partial_device)
    total_device = cuda.device_array(1, dtype=np.float32)
    block_sum[1, TPB](partial_device, total_device)  # the second pass: one block over the partials

    partial = partial_device.copy_to_host()
    total = total_device.copy_to_host()
    host_total = 0.0
    for p in partial:
        host_total += float(p)
    exact = float(x.astype(np.float64).sum())
    print(f"n = {n}, {blocks} blocks of {TPB} threads ({blocks * TPB} threads, grid-stride)")
    print(f"partial[0] = {partial[0]:.3f}, partial[1] = {partial[1]:.3f}, partial[{blocks - 1}] = {partial[blocks - 1]:.3f}")
    print(f"second pass: {total[0]:.3f}; host sum of the partials: {host_total:.3f}; float64 sum of x: {exact:.3f}")
    print(f"all equal: {float(total[0]) == host_total == exact}")
