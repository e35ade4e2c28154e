"""Its .expected is derived, not simulated: the simulator has no cuda.shfl_up_sync. Every
line is NumPy's: np.cumsum of the input (ok=True), its per-block sums and first values."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Inclusive prefix sum: a warp-level scan with shfl_up_sync, then warp totals in shared memory,
# then block totals added by a second kernel.
import numpy as np
from numba import cuda, int32

WARP = 32
TPB = 128


@cuda.jit(device=True)
def warp_inclusive(val, lane):
    offset = 1
    while offset < WARP:
        n = cuda.shfl_up_sync(0xFFFFFFFF, val, offset)
        if lane >= offset:
            val += n
        offset *= 2
    return val


@cuda.jit
def block_scan(data, out, block_sums):
    warp_totals = cuda.shared.array(TPB // WARP, dtype=int32)
    i = cuda.grid(1)
    tid = cuda.threadIdx.x
    lane = tid % WARP
    wid = tid // WARP
    v = data[i] if i < data.size else 0
    v = warp_inclusive(v, lane)
    if lane == WARP - 1:
        warp_totals[wid] = v
    cuda.syncthreads()
    if wid == 0:
        t = warp_totals[lane] if lane < TPB // WARP else 0
        t = warp_inclusive(t, lane)
        if lane < TPB // WARP:
            warp_totals[lane] = t
    cuda.syncthreads()
    if wid > 0:
        v += warp_totals[wid - 1]
    if i < data.size:
        out[i] = v
    if tid == TPB - 1:
        block_sums[cuda.blockIdx.x] = v


@cuda.jit
def add_offsets(out, scanned_sums):
    i = cuda.grid(1)
    b = cuda.blockIdx.x
    if b > 0 and i < out.size:
        out[i] += scanned_sums[b - 1]


def scan(a):
    n = a.size
    blocks = (n + TPB - 1) // TPB
    d_a = cuda.to_device(a)
    d_out = cuda.device_array_like(d_a)
    d_sums = cuda.device_array(blocks, dtype=np.int32)
    block_scan[blocks, TPB](d_a, d_out, d_sums)
    sums = d_sums.copy_to_host()
    scanned = np.cumsum(sums).astype(np.int32)
    add_offsets[blocks, TPB](d_out, cuda.to_device(scanned))
    return d_out.copy_to_host(), sums


for n in (5, 128, 300, 1000):
    a = (np.arange(n, dtype=np.int32) * 7 + 3) % 11
    got, sums = scan(a)
    ok = np.array_equal(got, np.cumsum(a))
    print(f"n={n:5d} blocks={sums.size} last={got[-1]} ok={ok}")
    if n == 300:
        print("block sums:", sums)
        print("first 10:", got[:10])
