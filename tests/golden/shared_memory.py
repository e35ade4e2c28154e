"""Golden: shared and local arrays with barriers.

A block-wide tree reduction (cuda.shared.array sized by a module constant, syncthreads
inside a while loop that every thread runs), a padded shared tile for a matrix transpose
(the +1 column avoids bank conflicts), and a per-thread cuda.local.array. Every thread of
a block reaches every barrier: the bounds tests only guard the memory accesses.
"""
import numpy as np
from numba import cuda, float32, int32

TPB = 16
TPB_PADDED = TPB + 1  # Numba wants array shapes of literals or module constants


@cuda.jit("void(float32[:], float32[:])")
def block_sum(a, out):
    partial = cuda.shared.array(TPB, float32)
    tx = cuda.threadIdx.x
    i = cuda.grid(1)
    partial[tx] = a[i] if i < a.size else 0
    cuda.syncthreads()
    stride = TPB // 2
    while stride > 0:
        if tx < stride:
            partial[tx] += partial[tx + stride]
        cuda.syncthreads()
        stride //= 2
    if tx == 0:
        out[cuda.blockIdx.x] = partial[0]


@cuda.jit("void(float32[:, :], float32[:, :])")
def transpose(a, b):
    tile = cuda.shared.array((TPB, TPB_PADDED), dtype=np.float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x = cuda.blockIdx.x * TPB + tx
    y = cuda.blockIdx.y * TPB + ty
    if y < a.shape[0] and x < a.shape[1]:
        tile[ty, tx] = a[y, x]
    cuda.syncthreads()
    ox = cuda.blockIdx.y * TPB + tx
    oy = cuda.blockIdx.x * TPB + ty
    if oy < b.shape[0] and ox < b.shape[1]:
        b[oy, ox] = tile[tx, ty]


@cuda.jit("void(int32[:], int32[:])")
def running_digits(values, out):
    i = cuda.grid(1)
    if i < values.size:
        digits = cuda.local.array(10, int32)
        v = values[i]
        n = 0
        while v > 0 and n < 10:
            digits[n] = v % 10
            v //= 10
            n += 1
        total = 0
        for k in range(n):
            total = total * 10 + digits[k]
        out[i] = total  # the decimal digits reversed


if __name__ == "__main__":
    n = 100
    a = np.arange(n, dtype=np.float32) * np.float32(0.5)
    blocks = (n + TPB - 1) // TPB
    sums = cuda.device_array(blocks, dtype=np.float32)
    block_sum[blocks, TPB](cuda.to_device(a), sums)
    print("block sums:", " ".join(f"{s:.1f}" for s in sums.copy_to_host()))

    m = np.arange(20 * 37, dtype=np.float32).reshape(20, 37)
    t = cuda.device_array((37, 20), dtype=np.float32)
    transpose[((37 + TPB - 1) // TPB, (20 + TPB - 1) // TPB), (TPB, TPB)](cuda.to_device(m), t)
    th = t.copy_to_host()
    print("transpose exact:", bool((th == m.T).all()), "corner", th[36, 19])

    values = np.array([0, 7, 12, 305, 1200, 987654321], dtype=np.int32)
    out = cuda.device_array(values.size, dtype=np.int32)
    running_digits[1, 32](cuda.to_device(values), out)
    print("reversed:", " ".join(str(x) for x in out.copy_to_host()))
