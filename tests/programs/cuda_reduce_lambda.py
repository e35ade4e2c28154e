# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# cuda.reduce against a hand-written shared-memory reduction and NumPy
import numpy as np
from numba import cuda, float64, int64

TPB = 256


@cuda.reduce
def sum_reduce(a, b):
    return a + b


max_reduce = cuda.reduce(lambda a, b: max(a, b))


@cuda.jit
def manual_sum(x, partial):
    sm = cuda.shared.array(TPB, dtype=int64)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    acc = 0
    for k in range(i, x.size, cuda.gridsize(1)):
        acc += x[k]
    sm[tid] = acc
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tid < s:
            sm[tid] += sm[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        partial[cuda.blockIdx.x] = sm[0]


def main():
    min_reduce = cuda.reduce(lambda a, b: a if a < b else b)
    n = 10000
    x = np.arange(n, dtype=np.int64) % 97
    blocks = 8
    partial = cuda.device_array(blocks, dtype=np.int64)
    manual_sum[blocks, TPB](cuda.to_device(x), partial)
    manual = partial.copy_to_host().sum()
    auto = sum_reduce(x)
    print("manual:", manual, "cuda.reduce:", auto, "numpy:", x.sum())
    print("all equal:", manual == auto == x.sum())
    print("max:", max_reduce(cuda.to_device(x)), "min:", min_reduce(x[5:]))
    y = np.linspace(-1.0, 2.0, 301)
    s = sum_reduce(y, init=10.0)
    print(f"float sum with init: {s:.6f} (numpy {y.sum() + 10.0:.6f})")
    print("close:", np.isclose(s, y.sum() + 10.0))


main()
