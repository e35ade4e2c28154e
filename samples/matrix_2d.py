"""Element-wise matrix addition and a naive transpose on a 2-D grid of 2-D blocks.

Course: "Multidimensional Grids and Shared Memory for CUDA Python with Numba", 2D grids and blocks.
cuda.grid(2) returns the thread's (x, y) position in the whole grid; the launch configuration is a
pair of 2-tuples, (blocks in x, blocks in y) and (threads in x, threads in y). The matrix is
37 x 50, not a multiple of the 16 x 16 blocks, so the bounds checks matter. The transpose is the
course's starting point before shared memory: its reads are coalesced, its writes are not.
"""
import numpy as np
from numba import cuda


@cuda.jit
def matrix_add(a, b, out):
    x, y = cuda.grid(2)
    if x < out.shape[0] and y < out.shape[1]:
        out[x, y] = a[x, y] + b[x, y]


@cuda.jit
def transpose(a, transposed):
    # x walks the columns of `a` so that neighbouring threads read neighbouring elements.
    x, y = cuda.grid(2)
    if y < a.shape[0] and x < a.shape[1]:
        transposed[x, y] = a[y, x]


if __name__ == "__main__":
    rows = 37
    cols = 50
    a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)
    b = (np.arange(rows * cols, dtype=np.float32) * 0.5).reshape(rows, cols)
    a_device = cuda.to_device(a)
    b_device = cuda.to_device(b)

    threads = (16, 16)
    blocks = ((rows + threads[0] - 1) // threads[0], (cols + threads[1] - 1) // threads[1])
    sum_device = cuda.device_array((rows, cols), dtype=np.float32)
    matrix_add[blocks, threads](a_device, b_device, sum_device)
    total = sum_device.copy_to_host()

    blocks_t = ((cols + threads[0] - 1) // threads[0], (rows + threads[1] - 1) // threads[1])
    transposed_device = cuda.device_array((cols, rows), dtype=np.float32)
    transpose[blocks_t, threads](a_device, transposed_device)
    transposed = transposed_device.copy_to_host()

    print(f"blocks {blocks[0]}x{blocks[1]} of {threads[0]}x{threads[1]} threads for a {rows}x{cols} matrix")
    for i, j in [(0, 0), (0, 49), (1, 0), (36, 0), (36, 49), (20, 17)]:
        print(f"sum[{i}, {j}] = {total[i, j]:.1f}  transposed[{j}, {i}] = {transposed[j, i]:.1f}")
    checksum = 0.0
    mismatches = 0
    for i in range(rows):
        for j in range(cols):
            checksum += float(total[i, j]) * (i + 1) + float(transposed[j, i]) * (j + 1)
            if transposed[j, i] != a[i, j]:
                mismatches += 1
    print(f"weighted checksum = {checksum:.1f}, transpose mismatches = {mismatches}")
