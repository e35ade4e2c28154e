"""Tiled matrix multiplication in shared memory: the fast_matmul of the Numba documentation.

Course: "Multidimensional Grids and Shared Memory for CUDA Python with Numba", the shared-memory
matrix multiply of its assessment. Each thread computes one element of C = A @ B. The dot product
is split into chunks of TPB: for each chunk, the block's threads cooperatively load a TPB x TPB
tile of A and one of B into shared memory (one element each), synchronise, and every thread then
reads TPB elements of each tile from fast shared memory instead of global memory. Elements of a
tile outside the matrices are loaded as zeros, so partial tiles add nothing.

Changed from the documentation: it loops over cuda.gridDim.x chunks, which is right only for
square matrices covered by a square grid; here the chunk count comes from A's shape, so
A (50 x 37) @ B (37 x 70), none of them multiples of TPB = 16, multiply correctly.

The inputs are multiples of 0.25 and 0.5 with small magnitudes: every product and partial sum is
exact in float32, so the result does not depend on the order of the additions or on the GPU
fusing the multiply-add into an FMA.
"""
import numpy as np
from numba import cuda, float32

TPB = 16  # threads per block along x and y; the shared tiles are TPB x TPB


@cuda.jit
def fast_matmul(A, B, C):
    # The size and type of shared arrays must be known at compile time.
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)

    x, y = cuda.grid(2)  # x: column of C, y: row of C
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    chunks = (A.shape[1] + TPB - 1) // TPB

    tmp = float32(0.)
    for i in range(chunks):
        # Preload the i-th tiles of A's rows and B's columns into shared memory.
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]

        # Wait until all threads finish preloading.
        cuda.syncthreads()

        # The partial dot product over this chunk, from shared memory.
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]

        # Wait until all threads finish computing before the next chunk overwrites the tiles.
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


if __name__ == "__main__":
    m, k, n = 50, 37, 70
    rows = np.arange(m, dtype=np.int64).reshape(m, 1)
    inner_a = np.arange(k, dtype=np.int64).reshape(1, k)
    inner_b = np.arange(k, dtype=np.int64).reshape(k, 1)
    cols = np.arange(n, dtype=np.int64).reshape(1, n)
    # Scrambled small integers, scaled: A in -1.5 .. 1.5 by 0.25, B in -2.5 .. 2.5 by 0.5.
    A = ((((rows * 131 + inner_a * 71 + rows * inner_a * 17) % 1009) % 13 - 6) * 0.25).astype(np.float32)
    B = ((((inner_b * 89 + cols * 113 + inner_b * cols * 29) % 1013) % 11 - 5) * 0.5).astype(np.float32)
    A_device = cuda.to_device(A)
    B_device = cuda.to_device(B)
    C_device = cuda.device_array((m, n), dtype=np.float32)

    threads = (TPB, TPB)
    blocks = ((n + TPB - 1) // TPB, (m + TPB - 1) // TPB)  # x over C's columns, y over its rows
    fast_matmul[blocks, threads](A_device, B_device, C_device)
    C = C_device.copy_to_host()

    print(f"A {m}x{k} @ B {k}x{n}: blocks {blocks[0]}x{blocks[1]} of {TPB}x{TPB} threads, "
          f"{(k + TPB - 1) // TPB} chunks of {TPB}")
    for i, j in [(0, 0), (0, 69), (49, 0), (49, 69), (15, 16), (16, 15), (31, 47)]:
        print(f"C[{i}, {j}] = {C[i, j]:9.3f}")
    checksum = 0.0
    for i in range(m):
        for j in range(n):
            checksum += float(C[i, j]) * ((i + 1) * 0.5 + (j + 1))
    print(f"weighted checksum = {checksum:.3f}")
    print(f"matches numpy A @ B (rtol 1e-5, atol 1e-4): {bool(np.allclose(C, A @ B, rtol=1e-5, atol=1e-4))}")
