"""Histogram of random bytes with cuda.atomic.add, checked against np.bincount/np.histogram."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda

NBINS = 16


@cuda.jit
def histogram(data, bins):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    for k in range(i, data.shape[0], stride):
        b = data[k] * NBINS // 256
        cuda.atomic.add(bins, b, 1)


@cuda.jit
def shared_histogram(data, bins):
    local = cuda.shared.array(NBINS, dtype=np.int32)
    t = cuda.threadIdx.x
    if t < NBINS:
        local[t] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < data.size:
        cuda.atomic.add(local, data[i] * NBINS // 256, 1)
    cuda.syncthreads()
    if t < NBINS:
        cuda.atomic.add(bins, t, local[t])


def main():
    rng = np.random.default_rng(42)
    data = rng.integers(0, 256, size=5000).astype(np.int32)
    d_data = cuda.to_device(data)
    bins = cuda.to_device(np.zeros(NBINS, dtype=np.int32))
    histogram[8, 64](d_data, bins)
    h = bins.copy_to_host()
    print("bins:", h)
    print("total:", h.sum(), "max bin:", h.argmax(), "count", h.max())
    expected = np.bincount(data * NBINS // 256, minlength=NBINS)
    print("matches bincount:", np.array_equal(h, expected))
    counts, edges = np.histogram(data, bins=NBINS, range=(0, 256))
    print("matches histogram:", np.array_equal(h, counts))
    print("edges:", edges[:4], "...", edges[-1])
    shared_bins = np.zeros(NBINS, dtype=np.int32)
    threads = 128
    blocks = (data.size + threads - 1) // threads
    shared_histogram[blocks, threads](d_data, shared_bins)
    print("shared version equal:", (shared_bins == h).all())
    frac = h / h.sum()
    print(f"fractions: min={frac.min():.4f} max={frac.max():.4f} mean={frac.mean():.4f}")
    print("std of counts:", round(float(h.std()), 3))
    summary = {f"bin{k}": int(h[k]) for k in range(4)}
    print(summary, sum(summary.values()))


if __name__ == "__main__":
    main()
