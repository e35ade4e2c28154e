"""Sum of an array by warp shuffles, and a count of its positive elements by warp votes.

The shared-memory tree of block_reduction.py, with the first five rounds done inside each warp
by register shuffles instead. `block_sum` works in four steps:
  1. each thread adds up its elements of the input with a grid-stride loop, in a register;
  2. `warp_sum` halves the warp's 32 values five times with cuda.shfl_down_sync: in the round
     with offset k, lane l adds the value of lane l + k (lanes past 31 read their own value,
     which lane 0's sum never uses), so after offsets 16, 8, 4, 2, 1 lane 0 holds the warp's sum;
  3. lane 0 of each warp writes that sum into a shared array of TPB // 32 slots; syncthreads;
  4. warp 0 reduces the slots the same way, and its lane 0 writes partial[blockIdx.x].
Every lane of a warp calls every shuffle with the full mask: a warp's lanes past the data add 0.
The same kernel then runs as a single block over the partials to give the total.

`count_positive` counts the elements above zero: cuda.ballot_sync gives each warp the int32 bit
mask of its lanes whose element is positive, cuda.popc counts its bits, and lane 0 adds the
count to the total with one cuda.atomic.add per warp.

The inputs are those of block_reduction.py, multiples of 0.125 between -4 and 4: every partial
sum is exact in float32, so the result does not depend on the order of the additions.
Numba's simulator has no warp functions, so the expected output is computed from the
definitions: the exact sums of the elements each block visits, and the count of positive ones.
"""
# simulator-cannot-run: the simulator has no warp functions (cuda.shfl_down_sync, cuda.ballot_sync)
import numpy as np
from numba import cuda, float32

TPB = 128  # threads per block: whole warps
WARPS = TPB // 32
FULL_MASK = 0xFFFFFFFF


@cuda.jit("float32(float32)", device=True)
def warp_sum(v):
    """The sum of v over the 32 lanes of the warp, in lane 0 (the other lanes hold partial sums)."""
    offset = 16
    while offset > 0:
        v += cuda.shfl_down_sync(FULL_MASK, v, offset)
        offset //= 2
    return v


@cuda.jit
def block_sum(x, partial):
    """partial[b] = the sum of the elements of x that block b's threads visit."""
    sums = cuda.shared.array(WARPS, dtype=float32)
    lane = cuda.laneid
    warp = cuda.threadIdx.x // 32

    acc = float32(0.)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    acc = warp_sum(acc)
    if lane == 0:
        sums[warp] = acc
    cuda.syncthreads()

    if warp == 0:
        v = float32(0.)
        if lane < WARPS:
            v = sums[lane]
        v = warp_sum(v)
        if lane == 0:
            partial[cuda.blockIdx.x] = v


@cuda.jit
def count_positive(x, count):
    """count[0] += the number of elements of x above zero (one grid-stride pass)."""
    found = 0
    start = cuda.grid(1) - cuda.laneid  # the warp's first element: its lanes step together
    for base in range(start, x.size, cuda.gridsize(1)):
        i = base + cuda.laneid
        votes = cuda.ballot_sync(FULL_MASK, i < x.size and x[i] > 0)
        found += cuda.popc(votes)
    if cuda.laneid == 0:
        cuda.atomic.add(count, 0, found)


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
    exact = float(x.astype(np.float64).sum())
    print(f"n = {n}, {blocks} blocks of {TPB} threads = {blocks * TPB // 32} warps (grid-stride)")
    print(f"partial[0] = {partial[0]:.3f}, partial[1] = {partial[1]:.3f}, partial[{blocks - 1}] = {partial[blocks - 1]:.3f}")
    print(f"second pass: {total[0]:.3f}; float64 sum of x: {exact:.3f}; equal: {float(total[0]) == exact}")

    count_device = cuda.to_device(np.zeros(1, dtype=np.int32))
    count_positive[blocks, TPB](x_device, count_device)
    count = int(count_device.copy_to_host()[0])
    print(f"positive elements: {count} (host: {int((x > 0).sum())})")
