"""Matrix transpose through a shared-memory tile, then with the tile padded against bank conflicts.

Course: "Multidimensional Grids and Shared Memory for CUDA Python with Numba", Shared Memory (the
tiled transpose) and Bank Conflicts. The naive transpose (matrix_2d.py) reads rows but writes
columns, so its writes are not coalesced. Here a block of TPB x TPB threads first copies a tile
of the input into shared memory, reading along rows; after cuda.syncthreads() each thread writes
an element of the transposed tile, again along rows of the output, reading the tile by column.

Reading a TPB x TPB float32 tile by column makes the 32 threads of a warp hit the same shared
memory bank (column addresses are TPB words apart): a 32-way bank conflict. Declaring the tile
(TPB, TPB + 1) shifts each row by one bank, so a column's elements fall in 32 different banks;
the extra column is never used.

The course assumes matrices that are multiples of the tile; here the matrix is 100 x 75, so
edge blocks have threads outside it. Those threads skip the load and the store, but still reach
the barrier: every thread of a block must call syncthreads.
"""
import numpy as np
from numba import cuda, float32

TPB = 32  # the tile is TPB x TPB elements, one per thread of a TPB x TPB block
# The padded tile's row length, as a module constant: a shared array's shape must be made of
# compile-time constants, and Numba types the expression TPB + 1 as a run-time int64, so it
# rejects cuda.shared.array((TPB, TPB + 1), ...) (numba-cuda 0.30).
TPB_PADDED = TPB + 1


@cuda.jit
def tile_transpose(a, transposed):
    tile = cuda.shared.array((TPB, TPB), dtype=float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    # Load: x walks the columns of `a`, so a warp reads TPB neighbouring elements of a row.
    x = cuda.blockIdx.x * TPB + tx
    y = cuda.blockIdx.y * TPB + ty
    if y < a.shape[0] and x < a.shape[1]:
        tile[ty, tx] = a[y, x]

    cuda.syncthreads()  # the whole tile is loaded before any thread reads another's element

    # Store: the tile lands at the mirrored block position, and tx now walks the columns of
    # `transposed`; the element for (t_y, t_x) is a[t_x, t_y], which thread (ty=tx, tx=ty) loaded.
    t_x = cuda.blockIdx.y * TPB + tx
    t_y = cuda.blockIdx.x * TPB + ty
    if t_y < transposed.shape[0] and t_x < transposed.shape[1]:
        transposed[t_y, t_x] = tile[tx, ty]


@cuda.jit
def tile_transpose_padded(a, transposed):
    # One extra column: element [i, j] is at word i * (TPB + 1) + j, so the column tile[:, j]
    # is spread over all 32 banks and the column reads below are conflict-free.
    tile = cuda.shared.array((TPB, TPB_PADDED), dtype=float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x = cuda.blockIdx.x * TPB + tx
    y = cuda.blockIdx.y * TPB + ty
    if y < a.shape[0] and x < a.shape[1]:
        tile[ty, tx] = a[y, x]

    cuda.syncthreads()

    t_x = cuda.blockIdx.y * TPB + tx
    t_y = cuda.blockIdx.x * TPB + ty
    if t_y < transposed.shape[0] and t_x < transposed.shape[1]:
        transposed[t_y, t_x] = tile[tx, ty]


if __name__ == "__main__":
    rows = 100
    cols = 75
    a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) * np.float32(0.5)
    a_device = cuda.to_device(a)

    threads = (TPB, TPB)
    # The grid covers `a`: x along its columns, y along its rows.
    blocks = ((cols + TPB - 1) // TPB, (rows + TPB - 1) // TPB)
    print(f"{rows}x{cols} matrix, blocks {blocks[0]}x{blocks[1]} of {TPB}x{TPB} threads")
    for kernel, name in [(tile_transpose, "tile_transpose"), (tile_transpose_padded, "tile_transpose_padded")]:
        transposed_device = cuda.to_device(np.full((cols, rows), -1.0, dtype=np.float32))
        kernel[blocks, threads](a_device, transposed_device)
        transposed = transposed_device.copy_to_host()
        print(f"{name}:")
        for i, j in [(0, 0), (0, 74), (1, 0), (31, 32), (32, 31), (99, 0), (99, 74), (64, 50)]:
            print(f"  a[{i}, {j}] = {a[i, j]:.1f}  transposed[{j}, {i}] = {transposed[j, i]:.1f}")
        checksum = 0.0
        for r in range(cols):
            checksum += float(transposed[r, :].astype(np.float64).sum()) * (r + 1)
        print(f"  weighted checksum = {checksum:.1f}, equals a.T: {bool(np.array_equal(transposed, a.T))}")
