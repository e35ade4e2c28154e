"""A whole program: `python histogram.py` (or `py2cuda histogram.py --run`) runs it on its own.

The C++ program of this example calls its kernel through the generated header. The kernel's
types come from the launch below, so the header's launch_histogram takes what this launch passes.
"""
import numpy as np
from numba import cuda


@cuda.jit
def histogram(x, xmin, xmax, counts):
    nbins = counts.shape[0]
    bin_width = (xmax - xmin) / nbins
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < nbins:
            cuda.atomic.add(counts, bin_number, 1)


if __name__ == "__main__":
    n = 1000
    x = (np.arange(n, dtype=np.int64) * 37 % 100) / 10.0
    counts = cuda.to_device(np.zeros(5, dtype=np.int32))
    histogram[4, 64](cuda.to_device(x), 0.0, 10.0, counts)
    print(counts.copy_to_host())
