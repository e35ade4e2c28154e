# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def prefix_step(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i] + 1


def main():
    counts = np.array([3, 1, 4, 1, 5], dtype=np.int32)
    offsets = np.concatenate(([0], np.cumsum(counts)))
    print(offsets, offsets.dtype)
    x = np.linspace(0.0, 1.0, 4).astype(np.float32)
    padded = np.concatenate(([0], x, [1]))
    print(padded, padded.dtype)
    both = np.concatenate([counts, counts, [7, 8]])
    print(both, both.dtype)
    halves = np.concatenate(([0.5], counts))
    print(halves, halves.dtype)
    h = np.hstack([x, [2, 3]])
    print(h, h.dtype)
    v = np.vstack([counts[:3], [7, 8, 9]])
    print(v, v.dtype)
    flags = np.concatenate([[True, False], np.array([True])])
    print(flags, flags.dtype)
    out = np.zeros(offsets.size, dtype=offsets.dtype)
    prefix_step[1, 32](offsets, out)
    print(out)


main()
