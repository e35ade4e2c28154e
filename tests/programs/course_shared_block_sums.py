"""Block-wise sums in shared memory (tree reduction with syncthreads), then the host adds the partials."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, int64

TPB = 128


@cuda.jit
def block_sums(values, partial):
    buf = cuda.shared.array(TPB, dtype=int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = values[i] if i < values.size else 0
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = buf[0]


@cuda.jit
def block_max(values, partial):
    buf = cuda.shared.array(TPB, dtype=int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = values[i] if i < values.size else -(2 ** 62)
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if t < s:
            buf[t] = max(buf[t], buf[t + s])
        cuda.syncthreads()
        s //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = buf[0]


def reduce(kernel, values):
    blocks = (values.size + TPB - 1) // TPB
    partial = cuda.device_array(blocks, dtype=np.int64)
    kernel[blocks, TPB](cuda.to_device(values), partial)
    return partial.copy_to_host()


def main():
    for n in (1, 127, 128, 1000, 4097):
        values = (np.arange(n, dtype=np.int64) * 7919) % 1009 - 500
        parts = reduce(block_sums, values)
        total = parts.sum()
        print(f"n={n:5d} blocks={parts.size:3d} sum={total:8d} ok={total == values.sum()}")
        peaks = reduce(block_max, values)
        print("   max", peaks.max(), peaks.max() == values.max(), "first partials", parts[:3].tolist())
    stats = {"mean": float(values.mean()), "std": float(values.std()), "median": float(np.median(values))}
    for k, v in sorted(stats.items()):
        print(f"{k:>8}: {v:10.4f}")


main()
