# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""A histogram kernel with cuda.atomic.add over a grid-stride loop (values below the range truncate
into bin 0, as int() does), checked against np.histogram; a CUDA @vectorize with max() of three
arguments on host arrays; np.argsort()[::-1][:3] ranking the bins. `.expected` from
`NUMBA_ENABLE_CUDASIM=1 python tools/ufunc_cpu_oracle.py` (kernels in the simulator, the ufunc on
Numba's CPU target).
"""
import numpy as np
from numba import cuda, vectorize, float32, int32
import math

@cuda.jit
def histogram(data, bins, lo, width):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    for k in range(i, data.shape[0], stride):
        b = int((data[k] - lo) / width)
        if b >= 0 and b < bins.shape[0]:
            cuda.atomic.add(bins, b, 1)

@vectorize(['float32(float32, float32)'], target='cuda')
def rel_diff(a, b):
    return abs(a - b) / max(abs(a), abs(b), float32(1e-6))

def main():
    rng = np.random.default_rng(42)
    data = rng.normal(0.0, 1.0, 10000).astype(np.float32)
    bins = np.zeros(16, dtype=np.int32)
    d_bins = cuda.to_device(bins)
    histogram[32, 128](cuda.to_device(data), d_bins, np.float32(-4.0), np.float32(0.5))
    h = d_bins.copy_to_host()
    ref, _ = np.histogram(data, bins=16, range=(-4.0, 4.0))
    print("hist:", h.tolist())
    print("match:", np.array_equal(h, ref))
    print("total", h.sum(), "of", data.size)
    a = np.linspace(1, 2, 8, dtype=np.float32)
    b = a * np.float32(1.01)
    r = rel_diff(a, b)
    print("rel:", np.round(r, 4))
    print(f"max rel {r.max():.5f} mean {r.mean():.5e}")
    idx = np.argsort(h)[::-1][:3]
    for j, i in enumerate(idx):
        print(f"{j}: bin {i:2d} count {h[i]:5d} center {-4.0 + 0.5 * i + 0.25:+.2f}")

if __name__ == "__main__":
    main()
