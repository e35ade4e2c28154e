"""A histogram built with atomic additions: once in global memory, once per block in shared memory.

Course: "Custom CUDA Kernels in Python with Numba", Atomic Operations and Avoiding Race Conditions,
and its Exercise: Accelerate a Histogram. Many threads increment the same bin, so a plain
`histogram_out[bin] += 1` would lose updates; cuda.atomic.add makes each read-modify-write
indivisible. `cuda_histogram` is the course's solution: a grid-stride loop with one global atomic
per element. `shared_histogram` first counts into a per-block histogram in shared memory (atomics
there are much cheaper and contend only within the block), then adds each of its bins to the global
histogram with one atomic per bin, so global traffic no longer grows with the data size.

The data are float64, like the xmin and xmax arguments: all of the bin arithmetic is then float64
under Numba and under its simulator alike. np.int32 truncates toward zero, so a value less than one
bin width below xmin lands in bin 0 instead of being dropped; the course's CPU version, used here as
the reference, does the same.
"""
import numpy as np
from numba import cuda, int32

NBINS = 18  # the shared histogram's size must be a compile-time constant


@cuda.jit
def cuda_histogram(x, xmin, xmax, histogram_out):
    """Increment bin counts in histogram_out, given histogram range [xmin, xmax)."""
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < histogram_out.shape[0]:
            cuda.atomic.add(histogram_out, bin_number, 1)


@cuda.jit
def shared_histogram(x, xmin, xmax, histogram_out):
    """Like cuda_histogram, for a histogram_out of NBINS bins, counting per block first."""
    block_counts = cuda.shared.array(NBINS, dtype=int32)
    t = cuda.threadIdx.x
    # Shared memory starts uninitialised; the block's threads clear it together. The loop also
    # works when there are more bins than threads.
    for b in range(t, NBINS, cuda.blockDim.x):
        block_counts[b] = 0
    cuda.syncthreads()  # every bin is zero before any thread counts into it

    bin_width = (xmax - xmin) / NBINS
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < NBINS:
            cuda.atomic.add(block_counts, bin_number, 1)
    cuda.syncthreads()  # the block's counts are complete before they are published

    for b in range(t, NBINS, cuda.blockDim.x):
        cuda.atomic.add(histogram_out, b, block_counts[b])


def cpu_histogram(x, xmin, xmax, histogram_out):
    """The course's CPU version: the reference the GPU results are compared with."""
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    for element in x:
        bin_number = np.int32((element - xmin) / bin_width)
        if bin_number >= 0 and bin_number < histogram_out.shape[0]:
            histogram_out[bin_number] += 1


if __name__ == "__main__":
    n = 10007  # not a multiple of the block size
    # The sum of two deterministic "uniform" values in [0, 10), shifted: a triangular distribution
    # on [-0.5, 19.5), so the histogram has a visible shape and values fall outside [xmin, xmax).
    i = np.arange(n, dtype=np.int64)
    x = ((i * 7919) % 1000) / 100.0 + ((i // 7 * 6007 + i * 13) % 1000) / 100.0 - 0.5
    xmin = 1.0
    xmax = 19.0
    x_device = cuda.to_device(x)

    threads_per_block = 128
    blocks = 32  # 4096 threads: the grid-stride loops give each thread two or three elements
    global_device = cuda.to_device(np.zeros(NBINS, dtype=np.int32))
    cuda_histogram[blocks, threads_per_block](x_device, xmin, xmax, global_device)
    histogram_global = global_device.copy_to_host()

    # The shared-memory variant with one thread per element: 79 blocks, the last one part idle.
    blocks_all = (n + threads_per_block - 1) // threads_per_block
    shared_device = cuda.to_device(np.zeros(NBINS, dtype=np.int32))
    shared_histogram[blocks_all, threads_per_block](x_device, xmin, xmax, shared_device)
    histogram_shared = shared_device.copy_to_host()

    reference = np.zeros(NBINS, dtype=np.int32)
    cpu_histogram(x, xmin, xmax, reference)

    bin_width = (xmax - xmin) / NBINS
    print(f"{n} values, histogram of [{xmin:.1f}, {xmax:.1f}) in {NBINS} bins of width {bin_width:.1f}")
    for b in range(NBINS):
        low = xmin + b * bin_width
        count = int(histogram_global[b])
        print(f"bin {b:2d} [{low:4.1f}, {low + bin_width:4.1f}): {count:4d} {'#' * (count // 20)}")
    truncated = int(np.count_nonzero((x > xmin - bin_width) & (x < xmin)))
    print(f"bin 0 also holds the {truncated} values in ({xmin - bin_width:.1f}, {xmin:.1f}): np.int32 truncates toward zero")
    counted = int(histogram_global.sum())
    print(f"counted {counted}, outside the range {n - counted}")
    print(f"shared-memory histogram equals the global one: {bool(np.array_equal(histogram_shared, histogram_global))}")
    print(f"equals cpu_histogram: {bool(np.array_equal(histogram_global, reference))}")
