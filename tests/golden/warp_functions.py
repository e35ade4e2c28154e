"""Golden: warp-level functions and the barriers that vote.

Shuffles on int32, int64, float32 and float64 values (shfl_sync broadcasts lane 0,
shfl_up_sync and shfl_down_sync keep the caller's own value past the warp's ends,
shfl_xor_sync in a device function, whose caller then needs fibers in the emulation);
the votes all_sync, any_sync, eq_sync and ballot_sync (int32: lane 31 makes it negative),
over the full warp and over a half-warp mask only lanes 0-15 call; match_any_sync and
match_all_sync (a tuple); activemask, lanemask_lt, laneid and warpsize; syncwarp without a
mask (the full warp) and with the mask activemask gave after some lanes returned;
syncthreads_count, syncthreads_and and syncthreads_or.

Every thread of a warp reaches each full-mask call: threads past the data take part with
a neutral value. Numba's simulator has no warp functions, so the expected output follows
from CUDA's definitions (PTX shfl.sync, vote.sync, match.sync; activemask after the early
return counts the lanes that did not return).
"""
# simulator-cannot-run: the simulator has no warp functions (cuda.shfl_sync, cuda.all_sync, ...)
import numpy as np
from numba import cuda

FULL = 0xFFFFFFFF
HALF = 0x0000FFFF


@cuda.jit(device=True)
def warp_total(v):
    # A butterfly: after five steps every lane holds the sum of the warp.
    offset = 16
    while offset > 0:
        v += cuda.shfl_xor_sync(FULL, v, offset)
        offset //= 2
    return v


@cuda.jit("void(int32[:], float64[:], int32[:], int64[:], float32[:], float64[:])")
def shuffles(a, b, first, up, down, total):
    i = cuda.grid(1)
    x = np.int32(0)
    y = 0.0
    if i < a.size:
        x = a[i]
        y = b[i]
    f = cuda.shfl_sync(FULL, x, 0)
    u = cuda.shfl_up_sync(FULL, np.int64(x) * 3000000000, 1)
    d = cuda.shfl_down_sync(FULL, np.float32(y), 2)
    t = warp_total(y)
    if i < a.size:
        first[i] = f
        up[i] = u
        down[i] = d
        total[i] = t


@cuda.jit("void(int32[:], int32[:])")
def votes(p, out):
    i = cuda.grid(1)
    pred = np.int32(0)
    if i < p.size:
        pred = p[i]
    everyone = cuda.all_sync(FULL, pred)
    someone = cuda.any_sync(FULL, pred)
    same = cuda.eq_sync(FULL, pred > 0)
    bits = cuda.ballot_sync(FULL, pred)
    half = np.int32(-1)
    if cuda.laneid < 16:
        half = cuda.ballot_sync(HALF, pred)
    cuda.syncwarp()
    if i < p.size:
        out[3 * i] = everyone + 2 * someone + 4 * same
        out[3 * i + 1] = bits
        out[3 * i + 2] = half


@cuda.jit("void(int64[:], int32[:])")
def matches(keys, out):
    i = cuda.grid(1)
    k = np.int64(-1)
    if i < keys.size:
        k = keys[i]
    peers = cuda.match_any_sync(FULL, k)
    mask, pred = cuda.match_all_sync(FULL, k)
    if i < keys.size:
        out[3 * i] = peers
        out[3 * i + 1] = mask
        out[3 * i + 2] = pred


@cuda.jit("void(int32, uint32[:])")
def lanes(keep, out):
    t = cuda.threadIdx.x
    lane = cuda.laneid
    if lane >= keep:
        return
    active = cuda.activemask()
    cuda.syncwarp(active)
    out[4 * t] = active
    out[4 * t + 1] = cuda.lanemask_lt()
    out[4 * t + 2] = lane
    out[4 * t + 3] = cuda.warpsize


@cuda.jit("void(int32[:], int32[:])")
def block_votes(x, out):
    i = cuda.grid(1)
    v = np.int32(0)
    if i < x.size:
        v = x[i]
    count = cuda.syncthreads_count(v)
    every = cuda.syncthreads_and(v)
    some = cuda.syncthreads_or(v)
    if cuda.threadIdx.x == 0:
        b = cuda.blockIdx.x
        out[3 * b] = count
        out[3 * b + 1] = every
        out[3 * b + 2] = some


if __name__ == "__main__":
    n = 40
    a = np.arange(n, dtype=np.int32) * 3 - 7
    b = np.arange(n, dtype=np.float64) * 0.25
    first = cuda.device_array(n, dtype=np.int32)
    up = cuda.device_array(n, dtype=np.int64)
    down = cuda.device_array(n, dtype=np.float32)
    total = cuda.device_array(n, dtype=np.float64)
    shuffles[2, 32](cuda.to_device(a), cuda.to_device(b), first, up, down, total)
    print("first:", first.copy_to_host().tolist())
    print("up:", up.copy_to_host().tolist())
    print("down:", down.copy_to_host().tolist())
    print("total:", total.copy_to_host().tolist())

    p = np.array([(k % 3) * (k % 5 != 4) for k in range(64)], dtype=np.int32)
    out = cuda.device_array(3 * 64, dtype=np.int32)
    votes[2, 32](cuda.to_device(p), out)
    print("votes:", out.copy_to_host().reshape(-1, 3)[::8].tolist())

    keys = np.array([k % 4 * 1000000007 for k in range(32)] + [5] * 32, dtype=np.int64)
    out = cuda.device_array(3 * 64, dtype=np.int32)
    matches[2, 32](cuda.to_device(keys), out)
    print("matches:", out.copy_to_host().reshape(-1, 3)[[0, 1, 2, 3, 32, 63]].tolist())

    out = cuda.to_device(np.zeros(4 * 40, dtype=np.uint32))
    lanes[1, 40](np.int32(6), out)
    print("lanes:", out.copy_to_host().reshape(-1, 4)[[0, 5, 6, 32, 37]].tolist())

    x = np.array([1] * 50 + [0] * 10 + [2] * 4, dtype=np.int32)
    out = cuda.device_array(3 * 4, dtype=np.int32)
    block_votes[4, 16](cuda.to_device(x), out)
    print("block votes:", out.copy_to_host().reshape(-1, 3).tolist())
