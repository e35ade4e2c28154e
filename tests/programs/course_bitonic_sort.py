# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Bitonic sort: one block sorts in shared memory, then a multi-launch global version.
import numpy as np
from numba import cuda, int32, float32

BLOCK = 64


@cuda.jit
def bitonic_shared(a):
    s = cuda.shared.array(BLOCK, dtype=int32)
    t = cuda.threadIdx.x
    base = cuda.blockIdx.x * BLOCK
    s[t] = a[base + t]
    cuda.syncthreads()
    k = 2
    while k <= BLOCK:
        j = k // 2
        while j > 0:
            ixj = t ^ j
            if ixj > t:
                up = (t & k) == 0
                if (s[t] > s[ixj]) == up:
                    s[t], s[ixj] = s[ixj], s[t]
            cuda.syncthreads()
            j //= 2
        k *= 2
    a[base + t] = s[t]


@cuda.jit
def bitonic_step(a, j, k):
    i = cuda.grid(1)
    ixj = i ^ j
    if i < a.size and ixj > i:
        ascending = (i & k) == 0
        x = a[i]
        y = a[ixj]
        if (x > y and ascending) or (x < y and not ascending):
            a[i] = y
            a[ixj] = x


def global_sort(values):
    n = values.size
    assert n & (n - 1) == 0, "size must be a power of two"
    d = cuda.to_device(values)
    launches = 0
    k = 2
    while k <= n:
        j = k >> 1
        while j > 0:
            bitonic_step[(n + 127) // 128, 128](d, j, k)
            launches += 1
            j >>= 1
        k <<= 1
    return d.copy_to_host(), launches


def main():
    rng = np.random.default_rng(11)
    a = rng.integers(-500, 500, size=4 * BLOCK).astype(np.int32)
    d = cuda.to_device(a)
    bitonic_shared[4, BLOCK](d)
    blocks = d.copy_to_host().reshape(4, BLOCK)
    for b, row in enumerate(blocks):
        print(b, "sorted:", bool(np.all(np.diff(row) >= 0)), row[:5], row[-3:])
    np.testing.assert_array_equal(np.sort(blocks, axis=1), blocks)

    f = rng.random(1024).astype(np.float32)
    out, launches = global_sort(f)
    print("global: launches =", launches, "equal to np.sort:", np.array_equal(out, np.sort(f)))
    print("min %.6f max %.6f" % (out[0], out[-1]))
    try:
        global_sort(np.zeros(100, dtype=np.float32))
    except AssertionError as e:
        print("AssertionError:", e)


main()
