"""A grid-stride histogram with atomics checked against np.histogram(range=), then
np.cumsum/np.searchsorted quantiles, a text bar chart and a dict from zip of rounded floats."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda
import time


@cuda.jit
def histogram(data, lo, width, bins):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    n = bins.shape[0]
    while i < data.shape[0]:
        b = int((data[i] - lo) / width)
        if b >= n:
            b = n - 1
        if b < 0:
            b = 0
        cuda.atomic.add(bins, b, 1)
        i += stride


def gpu_hist(data, nbins):
    lo, hi = data.min(), data.max()
    width = (hi - lo) / nbins
    bins = np.zeros(nbins, dtype=np.int32)
    d_bins = cuda.to_device(bins)
    histogram[16, 128](cuda.to_device(data), lo, width, d_bins)
    return d_bins.copy_to_host(), lo, width


np.random.seed(123)
data = np.random.normal(10.0, 2.0, 20000)
t0 = time.perf_counter()
counts, lo, width = gpu_hist(data, 20)
elapsed = time.perf_counter() - t0
ref, edges = np.histogram(data, bins=20, range=(lo, lo + 20 * width))
print("counts:", counts)
print("matches numpy:", np.array_equal(counts, ref), "total", counts.sum())
cdf = np.cumsum(counts) / counts.sum()
print("cdf:", np.round(cdf, 3))
for q in [0.1, 0.5, 0.9]:
    k = np.searchsorted(cdf, q)
    print(f"q={q:.1f} -> bin {k} edge {edges[k]:.3f}")
peak = int(np.argmax(counts))
print(f"peak bin {peak} [{edges[peak]:.2f}, {edges[peak + 1]:.2f}) with {counts[peak]} samples")
stars = ["#" * (c // 100) for c in counts]
for i, s in enumerate(stars[5:15], start=5):
    print(f"{i:2d} {s}")
print("elapsed positive:", elapsed > 0)
summary = dict(zip(["min", "max", "mean"], [round(float(x), 3) for x in (data.min(), data.max(), data.mean())]))
print(summary)
