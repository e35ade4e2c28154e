# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Sorting, searching, cumulative sums and statistics of host arrays that kernels filled."""
import numpy as np
from numba import cuda


@cuda.jit
def scramble(a, mult, mod):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = (i * mult + 3) % mod


def main():
    n = 12
    x = np.zeros(n, dtype=np.int64)
    scramble[1, 32](x, 7, 13)
    print(x, x.dtype)
    print(np.sort(x), np.argsort(x), np.argsort(x, kind="stable"))
    y = x.astype(np.float32) * 0.5
    print(np.sort(y), np.sort(y)[::-1])
    z = x.copy()
    z.sort()
    print(z)
    m = x.reshape(3, 4)
    print(np.sort(m), np.sort(m, axis=0), np.argsort(m, axis=1))
    print(np.sort(m, axis=None))
    dup = np.array([3, 1, 2, 3, 1, 0, 2])
    print(np.argsort(dup, kind="stable"), np.argsort(dup, kind="mergesort"))

    print(np.cumsum(x), np.cumsum(y), x.cumsum(), np.cumprod(np.array([1, 2, 3, 4])))
    print(np.cumsum(m, axis=0), np.cumsum(m, axis=1), np.cumsum(m))
    print(np.cumsum(np.array([1, 2, 3], dtype=np.int32)).dtype, m.cumprod(axis=1))

    print(np.unique(dup), np.unique(y), np.unique(m))
    print(np.diff(x), np.diff(y), np.diff(m), np.diff(m, axis=0), np.diff(x, n=2))
    print(np.nonzero(dup), np.nonzero(m > 10), np.flatnonzero(dup > 1))
    print(np.argwhere(dup == 3), np.argwhere(m > 10))
    print(np.count_nonzero(dup), np.count_nonzero(m > 5), np.count_nonzero(m, axis=0))
    print(np.outer(np.arange(3), np.arange(4)), np.outer(y[:3], y[:2]))
    print(np.median(x), np.median(y), np.median(np.array([4, 1, 3])), np.median(m, axis=0))
    print(np.percentile(x, 25), np.percentile(y, [10, 50, 90]), np.quantile(x, 0.5), np.quantile(m, 0.75, axis=1))
    print(np.linalg.norm(y), np.linalg.norm(x), np.linalg.norm(m.astype(np.float64)), np.linalg.norm(m))
    gx, gy = np.meshgrid(np.arange(3), np.linspace(0.0, 1.0, 2))
    print(gx, gy, gx.shape)
    counts, edges = np.histogram(y, bins=4)
    print(counts, edges)
    print(np.histogram(x, bins=3))
    print(np.var(x), np.var(y), m.var(axis=0), np.prod(m, axis=1), np.prod(m + 1, axis=0))
    print(x.tolist(), m.tolist(), y[:3].tolist())
    s = np.sort(x)
    print(np.searchsorted(s, 5), np.searchsorted(s, 5, side="right"), np.searchsorted(s, np.array([0, 6, 20])))
    print(np.flip(x), np.flip(m), np.flip(m, axis=0), np.roll(x, 3), np.roll(x, -2), np.roll(m, 1, axis=1), np.roll(m, 1))
    print(np.repeat(np.array([1, 2, 3]), 2), np.repeat(m, 2, axis=0), np.repeat(m, 2))
    print(np.argmax(m, axis=0), np.argmax(m, axis=1), np.argmin(m, axis=1), m.argmax(axis=0))
    print(np.all(m > 0, axis=0), np.any(m > 10, axis=1), (m >= 0).all(axis=1))

    f = np.array([2.5, np.nan, -1.0, 2.5, 0.0, np.nan, 7.25], dtype=np.float64)
    print(np.sort(f), np.argsort(f), np.unique(f), np.median(f), np.percentile(f, 50))
    g = y[:11]
    print(np.median(g), np.median(g[:4]), np.median(m.astype(np.float32), axis=1), np.percentile(g, 33))
    print(np.quantile(x, [0.25, 0.75]), np.percentile(x, np.array([5.0, 95.0])), np.quantile(m, 0.5, axis=0))
    print(np.searchsorted(np.sort(y), 2.2), np.searchsorted(s, np.array([[1, 2], [11, 13]]), side="right"))
    print(np.searchsorted(np.array([0.5, 1.5, 2.5]), 1))
    ix, iy = np.meshgrid(np.arange(2), np.arange(3, dtype=np.int32), indexing="ij")
    print(ix, iy, iy.dtype)
    p, q, r = np.meshgrid(np.arange(2), np.arange(3), np.arange(4))
    print(p.shape, q[2, 1], r[2, 1], p[0, 1])
    print(np.flip(m, axis=1), np.flip(m, 1)[0], np.repeat(m, 2, axis=1), np.roll(m, -1, axis=0))
    print(np.diff(m, n=2, axis=0).shape, np.diff(m, axis=1, n=2), np.diff(np.array([True, False, False, True])))
    print(np.cumsum(m, axis=1, dtype=np.float64), np.cumprod(y[1:6]), np.cumprod(np.array([True, True, False])))
    print(np.histogram(y, bins=5, range=(0, 10)), np.histogram(np.array([1, 2, 2, 3, 3, 3]), 3)[0])
    print(np.histogram(np.array([0.1, 0.2, 0.7]), bins=2))
    print(np.linalg.norm(m.astype(np.float32)), np.linalg.norm(np.array([3.0, 4.0])), np.outer(np.arange(2, dtype=np.int32), y[:3]))
    big = np.array([5, 3, 5, 1, 3, 5, 0, 2, 2, 9, 1, 4, 4, 8, 6, 7, 3, 5, 0, 1])
    print(np.argsort(big, kind="stable"), np.sort(big)[::-1], np.unique(big), np.nonzero(big == 5)[0])
    u = big.copy()
    u.sort()
    w2 = m.copy()
    w2.sort(axis=0)
    print(u, w2, m.argsort(), m.cumsum(axis=0), m.nonzero()[1], u.searchsorted(4), big.repeat(2)[:6])
    print(np.percentile(f[:1], 10), np.median(np.array([7])), np.sort(np.array([3, 1, 2], dtype=np.uint8)))
    values, counts = np.unique(big, return_counts=True)
    print(values, counts, np.unique(f, return_counts=True))

    # np.where(condition) alone is np.nonzero(condition).
    picked = np.where(counts > 2)
    rows, cols = np.where(np.arange(6).reshape(2, 3) % 2 == 1)
    print(picked, picked[0], rows, cols)


if __name__ == "__main__":
    main()
