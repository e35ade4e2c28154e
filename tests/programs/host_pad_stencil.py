# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""A stencil kernel run on arrays np.pad gave a halo: the modes constant (constant_values=),
edge, wrap, reflect and symmetric (pads wider than the axis too), pad_width as an int, a
(before, after) pair, one pair per axis and a one-pair tuple, int and float32 arrays; a host helper
with keyword-only parameters (`def run(u, *, mode="constant", steps=1)`), called with and without
them; np.pad's ValueError for a negative width.
"""
import math

import numpy as np
from numba import cuda


@cuda.jit
def average4(src, dst):
    i, j = cuda.grid(2)
    if i < dst.shape[0] and j < dst.shape[1]:
        dst[i, j] = 0.25 * (src[i, j + 1] + src[i + 2, j + 1] + src[i + 1, j] + src[i + 1, j + 2])


def run(u, *, mode="constant", steps=1, fill=0.0):
    for _ in range(steps):
        padded = np.pad(u, 1, mode=mode) if mode != "constant" else np.pad(u, 1, constant_values=fill)
        out = np.empty_like(u)
        threads = (8, 8)
        blocks = (math.ceil(u.shape[0] / 8), math.ceil(u.shape[1] / 8))
        average4[blocks, threads](padded, out)
        u = out
    return u


def main():
    u = np.arange(12, dtype=np.float32).reshape(3, 4)
    print(run(u))
    print(run(u, mode="edge", steps=2))
    print(run(u, steps=3, fill=1.0))
    for mode in ("wrap", "reflect", "symmetric"):
        print(mode, run(u, mode=mode).sum())

    a = np.arange(6).reshape(2, 3)
    print(np.pad(a, (1, 2), constant_values=9))
    print(np.pad(a, ((0, 1), (2, 0)), mode="edge"))
    print(np.pad(a, ((1,),), constant_values=2.7))
    for mode in ("wrap", "reflect", "symmetric"):
        print(mode, np.pad(np.arange(4.0), (5, 6), mode=mode))
    print(np.pad(np.arange(1.0), 3, mode="reflect"), np.pad(np.arange(3, dtype=np.float32), (2,), "edge").dtype)
    print(np.pad(np.ones((2, 2, 2)), 1).sum(), np.pad(np.zeros(0), 2))
    try:
        np.pad(a, -1)
    except ValueError as e:
        print("ValueError:", e)


if __name__ == "__main__":
    main()
