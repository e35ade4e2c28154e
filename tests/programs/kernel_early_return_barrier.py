# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Kernels whose bounds test returns before a barrier the other threads reach.

A GPU's bar.sync counts exited threads as arrived and Numba's simulator lets them go, so
these run as written: a block sum, a 2-D tile transpose with ragged edges, a count of the
live threads by syncthreads_count, and a halving reduction looping over barriers.
"""
import numpy as np
from numba import cuda, float32, int32

TPB = 64
TILE = 8


@cuda.jit
def block_sums(x, out):
    sh = cuda.shared.array(TPB, dtype=float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    if i >= x.size:
        return
    sh[t] = x[i]
    cuda.syncthreads()
    if t == 0:
        s = 0.0
        for k in range(min(TPB, x.size - cuda.blockIdx.x * TPB)):
            s += sh[k]
        out[cuda.blockIdx.x] = s


@cuda.jit
def transpose(a, b):
    tile = cuda.shared.array((TILE, TILE), dtype=int32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row, col = cuda.grid(2)
    if row >= a.shape[0] or col >= a.shape[1]:
        return
    tile[tx, ty] = a[row, col]
    cuda.syncthreads()
    b[col, row] = tile[tx, ty] * 10


@cuda.jit
def live_counts(n, counts):
    i = cuda.grid(1)
    if i >= n:
        return
    live = cuda.syncthreads_count(1)
    odd = cuda.syncthreads_count(i % 2)
    counts[i, 0] = live
    counts[i, 1] = odd


@cuda.jit
def halving_max(x, out):
    sh = cuda.shared.array(TPB, dtype=float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    if i >= x.size:
        return
    sh[t] = x[i]
    live = min(TPB, x.size - cuda.blockIdx.x * TPB)
    step = 1
    while step < live:
        cuda.syncthreads()
        if t % (2 * step) == 0 and t + step < live:
            sh[t] = max(sh[t], sh[t + step])
        step *= 2
    cuda.syncthreads()
    if t == 0:
        out[cuda.blockIdx.x] = sh[0]


x = np.arange(150, dtype=np.float32)
sums = np.zeros(3, dtype=np.float32)
block_sums[3, TPB](x, sums)
print("block sums:", sums, "total", sums.sum(), "expected", x.sum())

a = np.arange(13 * 10, dtype=np.int32).reshape(13, 10)
b = np.zeros((10, 13), dtype=np.int32)
transpose[(2, 2), (TILE, TILE)](a, b)
print("transpose ok:", np.array_equal(b, a.T * 10))
print(b[:3, :6])

counts = np.zeros((100, 2), dtype=np.int32)
live_counts[2, TPB](100, counts)
print("live per block:", counts[0, 0], counts[99, 0])
print("odd per block:", counts[0, 1], counts[99, 1])

rng = np.random.default_rng(7)
y = rng.random(200).astype(np.float32)
maxima = np.zeros(4, dtype=np.float32)
halving_max[4, TPB](y, maxima)
print("block maxima:", maxima)
print("matches:", np.array_equal(maxima, [y[k * TPB:(k + 1) * TPB].max() for k in range(4)]))
