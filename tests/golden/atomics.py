"""Golden: cuda.atomic operations on global and shared arrays.

A histogram with atomic.add into a shared per-block histogram merged into the global one,
atomic max/min over floats, a 2-D tuple index, compare-and-swap used as a lock-free
"first writer wins", and the old value each atomic returns. Results do not depend on the
order the threads run in.
"""
import numpy as np
from numba import cuda, int32

BINS = 8


@cuda.jit("void(int32[:], int32[:])")
def histogram(values, bins):
    local = cuda.shared.array(BINS, int32)
    tx = cuda.threadIdx.x
    if tx < BINS:
        local[tx] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.add(local, values[i] % BINS, 1)
    cuda.syncthreads()
    if tx < BINS:
        cuda.atomic.add(bins, tx, local[tx])


@cuda.jit("void(float32[:], float32[:])")
def extremes(x, out):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.max(out, 0, x[i])
        cuda.atomic.min(out, 1, x[i])


@cuda.jit("void(int64[:, :])")
def grid_counts(counts):
    i = cuda.grid(1)
    cuda.atomic.add(counts, (i % 2, i % 3), 1)


@cuda.jit("void(int32[:], int32[:])")
def first_writer(owner, wins):
    i = cuda.grid(1)
    if i < wins.size:
        old = cuda.atomic.cas(owner, 0, -1, i)
        wins[i] = 1 if old == -1 else 0


if __name__ == "__main__":
    values = (np.arange(1000, dtype=np.int32) * 7) % 23
    bins = cuda.to_device(np.zeros(BINS, dtype=np.int32))
    histogram[(values.size + 127) // 128, 128](cuda.to_device(values), bins)
    print("histogram:", " ".join(str(b) for b in bins.copy_to_host()))

    x = (np.sin(np.arange(300, dtype=np.float32)) * 10).astype(np.float32)
    out = cuda.to_device(np.array([-np.inf, np.inf], dtype=np.float32))
    extremes[3, 128](cuda.to_device(x), out)
    print("extremes:", " ".join(f"{v:.6f}" for v in out.copy_to_host()))

    counts = cuda.to_device(np.zeros((2, 3), dtype=np.int64))
    grid_counts[4, 32](counts)
    print("counts:", counts.copy_to_host().tolist())

    owner = cuda.to_device(np.array([-1], dtype=np.int32))
    wins = cuda.device_array(64, dtype=np.int32)
    first_writer[2, 32](owner, wins)
    print("winners:", int(wins.copy_to_host().sum()), "owner set:", int(owner.copy_to_host()[0]) >= 0)
