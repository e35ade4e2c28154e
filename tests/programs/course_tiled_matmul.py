# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, float32

TILE = 8

@cuda.jit
def tiled_matmul(A, B, C):
    sA = cuda.shared.array(shape=(TILE, TILE), dtype=float32)
    sB = cuda.shared.array(shape=(TILE, TILE), dtype=float32)
    row, col = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    acc = float32(0.)
    ntiles = (A.shape[1] + TILE - 1) // TILE
    for t in range(ntiles):
        k = t * TILE
        if row < A.shape[0] and k + ty < A.shape[1]:
            sA[tx, ty] = A[row, k + ty]
        else:
            sA[tx, ty] = 0
        if col < B.shape[1] and k + tx < B.shape[0]:
            sB[tx, ty] = B[k + tx, col]
        else:
            sB[tx, ty] = 0
        cuda.syncthreads()
        for j in range(TILE):
            acc += sA[tx, j] * sB[j, ty]
        cuda.syncthreads()
    if row < C.shape[0] and col < C.shape[1]:
        C[row, col] = acc


def main():
    rng = np.random.default_rng(7)
    m, k, n = 19, 13, 11
    A = rng.random((m, k), dtype=np.float32)
    B = rng.random((k, n), dtype=np.float32)
    dA = cuda.to_device(A)
    dB = cuda.to_device(B)
    dC = cuda.device_array((m, n), dtype=np.float32)
    threads = (TILE, TILE)
    blocks = ((m + TILE - 1) // TILE, (n + TILE - 1) // TILE)
    tiled_matmul[blocks, threads](dA, dB, dC)
    C = dC.copy_to_host()
    ref = np.dot(A, B)
    print("shape:", C.shape, C.dtype)
    print("allclose:", np.allclose(C, ref, rtol=1e-5))
    print(f"max abs err < 1e-5: {np.abs(C - ref).max() < 1e-5}")
    print(f"C[0,0] = {C[0, 0]:.4f}, C[-1,-1] = {C[-1, -1]:.4f}")
    np.testing.assert_allclose(C, ref, rtol=1e-5)
    print("trace:", round(float(np.trace(C[:n, :n])), 3))


if __name__ == "__main__":
    main()
