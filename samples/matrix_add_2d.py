"""Matrix addition with a 2-D grid-stride loop: any 2-D grid covers any matrix.

Course: "Multidimensional Grids and Shared Memory for CUDA Python with Numba", Grid Stride Loops in
2D. cuda.grid(2) gives the thread's (x, y) position in the whole grid and cuda.gridsize(2) the
grid's size in threads along x and y; each thread starts at its position and steps by the grid's
size in both dimensions. x, the fastest-varying thread index, walks the columns, so the threads
of a warp touch neighbouring elements of a row (coalesced accesses; matrix_2d.py indexes the other
way round). The 45 x 70 matrix is not a multiple of the 16 x 16 blocks; the kernel runs with a
grid much smaller than the matrix, one just covering it and one larger than it. `visits` counts
how often each element was written: exactly once, whatever the grid.

The inputs are small multiples of 0.25, so every sum is exact in float32.
"""
import numpy as np
from numba import cuda


@cuda.jit
def add_matrix_stride(a, b, out, visits):
    x, y = cuda.grid(2)
    stride_x, stride_y = cuda.gridsize(2)
    for row in range(y, out.shape[0], stride_y):
        for col in range(x, out.shape[1], stride_x):
            out[row, col] = a[row, col] + b[row, col]
            visits[row, col] += 1  # no race: each element belongs to exactly one thread


if __name__ == "__main__":
    rows = 45
    cols = 70
    a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)
    b = np.empty((rows, cols), dtype=np.float32)
    for r in range(rows):
        b[r, :] = np.arange(cols, dtype=np.float32) * np.float32(0.25) - np.float32(r)
    expected = a + b
    a_device = cuda.to_device(a)
    b_device = cuda.to_device(b)

    threads = (16, 16)  # (x: columns, y: rows)
    covering = ((cols + threads[0] - 1) // threads[0], (rows + threads[1] - 1) // threads[1])
    for blocks in [(2, 1), covering, (7, 5)]:
        out_device = cuda.device_array((rows, cols), dtype=np.float32)
        visits_device = cuda.to_device(np.zeros((rows, cols), dtype=np.int32))
        add_matrix_stride[blocks, threads](a_device, b_device, out_device, visits_device)
        out = out_device.copy_to_host()
        visits = visits_device.copy_to_host()
        grid_x = blocks[0] * threads[0]
        grid_y = blocks[1] * threads[1]
        print(f"blocks {blocks[0]}x{blocks[1]} of {threads[0]}x{threads[1]}: a {grid_x}x{grid_y}-thread grid "
              f"for {cols} columns x {rows} rows")
        print(f"  out[0, 0] = {out[0, 0]:.2f}, out[0, {cols - 1}] = {out[0, cols - 1]:.2f}, "
              f"out[{rows - 1}, 0] = {out[rows - 1, 0]:.2f}, out[{rows - 1}, {cols - 1}] = {out[rows - 1, cols - 1]:.2f}, "
              f"out[37, 21] = {out[37, 21]:.2f}")
        checksum = 0.0
        for r in range(rows):
            checksum += float(out[r, :].astype(np.float64).sum()) * (r + 1)
        print(f"  weighted checksum = {checksum:.2f}, equals a + b: {bool(np.array_equal(out, expected))}, "
              f"visits per element: min {visits.min()}, max {visits.max()}")
