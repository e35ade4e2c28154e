# oracle: whole-program (Blelloch exclusive scan in shared memory, block sums, stream compaction)
import numpy as np
from numba import cuda, int32

BLOCK = 16


@cuda.jit
def block_scan(data, out, block_sums):
    temp = cuda.shared.array(2 * BLOCK, dtype=int32)
    tid = cuda.threadIdx.x
    base = cuda.blockIdx.x * 2 * BLOCK
    n = data.shape[0]
    a = base + tid
    b = base + tid + BLOCK
    temp[tid] = data[a] if a < n else 0
    temp[tid + BLOCK] = data[b] if b < n else 0
    offset = 1
    d = BLOCK
    while d > 0:
        cuda.syncthreads()
        if tid < d:
            ai = offset * (2 * tid + 1) - 1
            bi = offset * (2 * tid + 2) - 1
            temp[bi] += temp[ai]
        offset *= 2
        d //= 2
    if tid == 0:
        block_sums[cuda.blockIdx.x] = temp[2 * BLOCK - 1]
        temp[2 * BLOCK - 1] = 0
    d = 1
    while d < 2 * BLOCK:
        offset //= 2
        cuda.syncthreads()
        if tid < d:
            ai = offset * (2 * tid + 1) - 1
            bi = offset * (2 * tid + 2) - 1
            t = temp[ai]
            temp[ai] = temp[bi]
            temp[bi] += t
        d *= 2
    cuda.syncthreads()
    if a < n:
        out[a] = temp[tid]
    if b < n:
        out[b] = temp[tid + BLOCK]


@cuda.jit
def add_offsets(out, offsets):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] += offsets[i // (2 * BLOCK)]


@cuda.jit
def scatter(values, flags, positions, result):
    i = cuda.grid(1)
    if i < values.shape[0] and flags[i] == 1:
        result[positions[i]] = values[i]


def exclusive_scan(flags):
    n = flags.shape[0]
    blocks = (n + 2 * BLOCK - 1) // (2 * BLOCK)
    d_flags = cuda.to_device(flags)
    d_out = cuda.device_array(n, dtype=np.int32)
    d_sums = cuda.device_array(blocks, dtype=np.int32)
    block_scan[blocks, BLOCK](d_flags, d_out, d_sums)
    sums = d_sums.copy_to_host()
    offsets = np.concatenate(([0], np.cumsum(sums)[:-1])).astype(np.int32)
    add_offsets[(n + 63) // 64, 64](d_out, cuda.to_device(offsets))
    return d_out.copy_to_host(), int(sums.sum())


def main():
    rng = np.random.default_rng(2024)
    for n in (5, 32, 100, 257):
        values = rng.integers(-50, 50, size=n).astype(np.int32)
        flags = (values > 0).astype(np.int32)
        positions, total = exclusive_scan(flags)
        expected = np.cumsum(flags) - flags
        ok = np.array_equal(positions, expected)
        result = np.zeros(total, dtype=np.int32)
        scatter[(n + 31) // 32, 32](values, flags, cuda.to_device(positions), result)
        print(f"n={n:4d} kept={total:4d} scan ok={ok} compact ok={np.array_equal(result, values[values > 0])}")
        if n <= 32:
            print("  values   ", values)
            print("  positions", positions)
            print("  kept     ", result)
    print("done")


main()
