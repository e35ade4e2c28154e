# oracle: whole-program (np.ndenumerate and np.ndindex as the iterable of list, dict and generator comprehensions, list() and sum(): index tuples bound whole, unpacked and nested-unpacked, a strided view, an empty shape, a negative extent's ValueError)
"""Summarising a kernel's output with comprehensions over its cells, as course programs check results."""
import numpy as np
from numba import cuda


@cuda.jit
def stencil(src, dst):
    r, c = cuda.grid(2)
    if 0 < r < src.shape[0] - 1 and 0 < c < src.shape[1] - 1:
        dst[r, c] = src[r - 1, c] + src[r + 1, c] + src[r, c - 1] + src[r, c + 1] - 4 * src[r, c]


def main():
    src = ((np.arange(30) * 7 + 3) % 11).reshape(5, 6).astype(np.float32)
    dst = np.zeros_like(src)
    stencil[(2, 2), (4, 4)](src, dst)
    peaks = [(r, c) for (r, c), v in np.ndenumerate(dst) if v > 5]
    print("peaks:", peaks)
    print("interior cells:", sum(1 for (r, c), _ in np.ndenumerate(dst) if 0 < r < 4 and 0 < c < 5))
    print("total:", sum(v for _, v in np.ndenumerate(dst)))
    lookup = {idx: float(v) for idx, v in np.ndenumerate(dst[1:3, ::2])}
    print("lookup:", lookup)
    print("negative rows:", sorted([r for (r, _), v in np.ndenumerate(dst) if v < 0], reverse=True))
    print("first column:", [float(v) for (r, c), v in np.ndenumerate(src) if c == 0])
    print("ndindex ints:", [i * 10 + j for i, j in np.ndindex(2, 3)])
    print("ndindex shape:", list(np.ndindex(src[:2, :2].shape)))
    print("ndindex tuple:", [idx for idx in np.ndindex((1, 2, 2))])
    print("empty:", list(np.ndindex(0, 4)))
    print("checks:", all(dst[idx] == 0 for idx in np.ndindex(dst.shape) if idx[0] in (0, 4)))
    n = -1 if len(peaks) >= 0 else 1
    try:
        print(list(np.ndindex(2, n)))
    except ValueError as e:
        print("ValueError:", e)


if __name__ == "__main__":
    main()
