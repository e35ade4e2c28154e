"""The forms a kernel launch configuration takes on the host: integers, 1-, 2- and 3-tuples,
configurations computed into variables, and the optional third and fourth items (a stream, and
the dynamic shared memory size in bytes: 0 here).

Every launch runs the same kernel, which counts, for each cell of a 3-D array, how many threads
of the whole grid mapped to it: a correct launch of a grid that exactly covers the array gives 1
everywhere, an oversized one leaves the extra threads out by the bounds check.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:, :, :])")
def cover(counts):
    x, y, z = cuda.grid(3)
    if x < counts.shape[0] and y < counts.shape[1] and z < counts.shape[2]:
        counts[x, y, z] += 1


@cuda.jit("void(int32[:])")
def cover_1d(counts):
    i = cuda.grid(1)
    if i < counts.size:
        counts[i] += 1


if __name__ == "__main__":
    ones = cuda.to_device(np.zeros(100, dtype=np.int32))
    cover_1d[4, 32](ones)  # integers: 128 threads for 100 cells
    cover_1d[(4,), (32,)](ones)  # 1-tuples
    blocks, threads = 2, 64
    cover_1d[blocks, threads](ones)  # variables
    cover_1d[blocks, threads, 0, 0](ones)  # with stream 0 and 0 bytes of dynamic shared memory
    stream = cuda.stream()
    cover_1d[(blocks,), (threads,), stream](ones)  # on a stream of its own
    stream.synchronize()
    c1 = ones.copy_to_host()
    low = c1[0]
    high = c1[0]
    for i in range(100):
        low = min(low, c1[i])
        high = max(high, c1[i])
    print(f"1-D: every cell covered between {low} and {high} times")

    counts = cuda.to_device(np.zeros((6, 5, 4), dtype=np.int32))
    cover[(2, 3), (4, 2)](counts)  # 2-D: 8 x 6 threads, z is always 0
    grid = (3, 2, 2)
    block = (2, 3, 2)
    cover[grid, block](counts)  # 3-D: 6 x 6 x 4 threads
    cuda.synchronize()
    c3 = counts.copy_to_host()
    plane0 = 0
    rest = 0
    for x in range(6):
        for y in range(5):
            plane0 += int(c3[x, y, 0])
            for z in range(1, 4):
                rest += int(c3[x, y, z])
    print(f"3-D: plane z=0 holds {plane0} hits (2 per cell), planes z=1..3 hold {rest} (1 per cell)")
