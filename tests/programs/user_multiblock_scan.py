"""A multi-block exclusive prefix sum: a shared-memory scan per block, the block sums scanned on
the host (np.concatenate of [0] and np.cumsum), offsets added by a second kernel; results checked over
sizes around the block size, `failures or "none"`, `list(map(int, ...))`."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, int32

BLOCK = 64


@cuda.jit
def block_scan(a, out, sums):
    tmp = cuda.shared.array(BLOCK, dtype=int32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    tmp[tid] = a[i] if i < a.size else 0
    cuda.syncthreads()
    off = 1
    while off < BLOCK:
        v = tmp[tid - off] if tid >= off else 0
        cuda.syncthreads()
        tmp[tid] += v
        cuda.syncthreads()
        off *= 2
    if i < a.size:
        out[i] = tmp[tid] - a[i]
    if tid == BLOCK - 1:
        sums[cuda.blockIdx.x] = tmp[tid]


@cuda.jit
def add_offsets(out, offs):
    i = cuda.grid(1)
    if i < out.size:
        out[i] += offs[cuda.blockIdx.x]


def exclusive_scan(a):
    n = a.size
    nb = (n + BLOCK - 1) // BLOCK
    out = cuda.device_array(n, dtype=np.int32)
    sums = cuda.device_array(nb, dtype=np.int32)
    block_scan[nb, BLOCK](cuda.to_device(a), out, sums)
    s = sums.copy_to_host()
    offs = np.concatenate(([0], np.cumsum(s)[:-1])).astype(np.int32)
    add_offsets[nb, BLOCK](out, cuda.to_device(offs))
    return out.copy_to_host()


rng = np.random.default_rng(5)
failures = []
for n in [1, 63, 64, 65, 500, 4097]:
    a = rng.integers(0, 10, size=n).astype(np.int32)
    got = exclusive_scan(a)
    want = np.cumsum(a) - a
    status = "ok" if np.array_equal(got, want) else "BAD"
    if status != "ok":
        failures.append(n)
    print(f"n={n:<5} last={got[-1]:>6} total={a.sum():>6} {status}")
print("failures:", failures or "none")
a = np.arange(10, dtype=np.int32)
print(exclusive_scan(a))
print(list(map(int, exclusive_scan(np.ones(5, dtype=np.int32)))))
