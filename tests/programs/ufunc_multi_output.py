"""CUDA and CPU gufuncs with several outputs: '(n)->(),()' (two outputs without core
dimensions), '(n),(n)->(n),(n)', a scalar in the layout beside two outputs, outputs returned as a
tuple, given as trailing positional arguments (one a strided view) or (CPU) as an out= tuple,
broadcast loop dimensions, non-contiguous operands, device operands.

NAME.expected: numba-cuda's simulator cannot run CUDA gufuncs, so the expected output comes from
this file run with Numba's CPU target for every target='cuda' decorator
(`tests/programs/tools/ufunc_cpu_oracle.py`).
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, guvectorize


@guvectorize(['void(float64[:], float64[:], float64[:])', 'void(int64[:], int64[:], int64[:])'], '(n)->(),()',
             target='cuda')
def min_max(x, lo, hi):
    lo[0] = x[0]
    hi[0] = x[0]
    for v in x:
        lo[0] = min(lo[0], v)
        hi[0] = max(hi[0], v)


@guvectorize(['void(float64[:], float64[:], float64[:], float64[:])'], '(n),(n)->(n),(n)', target='cuda')
def sum_diff(a, b, s, d):
    for i in range(a.shape[0]):
        s[i] = a[i] + b[i]
        d[i] = a[i] - b[i]


@guvectorize(['void(int64[:], int64, int64[:], int64[:])'], '(n),()->(n),()', target='cuda')
def clip_count(x, limit, clipped, count):
    count[0] = 0
    for i in range(x.shape[0]):
        if x[i] > limit:
            clipped[i] = limit
            count[0] += 1
        else:
            clipped[i] = x[i]


@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n)->(),()')
def mean_spread(x, mean, spread):
    acc = 0.0
    for v in x:
        acc += v
    mean[0] = acc / x.shape[0]
    spread[0] = x.max() - x.min()


@guvectorize(['void(float32[:, :], float32[:], float32[:])', 'void(float64[:, :], float64[:], float64[:])'],
             '(m,n)->(m),(n)', target='parallel')
def row_col_sums(a, rows, cols):
    for i in range(a.shape[0]):
        rows[i] = 0
    for j in range(a.shape[1]):
        cols[j] = 0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            rows[i] += a[i, j]
            cols[j] += a[i, j]


if __name__ == "__main__":
    m = (np.arange(24, dtype=np.float64).reshape(4, 6) * 7.0) % 11.0 - 3.0
    lo, hi = min_max(m)
    print(lo, hi)
    lo, hi = min_max(m.T)
    print(lo, hi)
    first_lo, first_hi = min_max(m[0])
    print(first_lo, first_hi)
    r = min_max(np.arange(30).reshape(2, 3, 5) % 7)
    print(r[0])
    print(r[1])

    s, d = sum_diff(m, m[::-1])
    print(s)
    print(d)
    s, d = sum_diff(m[:, ::2], m[0, 1::2])
    print(s)
    print(d)
    out_s = np.zeros((4, 6))
    out_d = np.zeros((4, 6))
    sum_diff(m, m[1], out_s, out_d)
    print(out_s)
    print(out_d)
    spaced = np.zeros(8)
    hi = np.zeros(4)
    min_max(m, spaced[::2], hi)
    print(spaced, hi)
    d_m = cuda.to_device(m)
    ds, dd = sum_diff(d_m, d_m)
    print(ds.copy_to_host())
    print(dd.copy_to_host())

    x = np.arange(20).reshape(4, 5) * 3 - 10
    clipped, count = clip_count(x, 20)
    print(clipped)
    print(count)

    mean, spread = mean_spread(m)
    print(mean, spread)
    mean0, spread0 = mean_spread(m[:, 2])
    print(mean0, spread0)
    means = np.zeros(6)
    spreads = np.zeros(6)
    mean_spread(m.T, out=(means, spreads))
    print(means, spreads)

    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    rows, cols = row_col_sums(a)
    print(rows)
    print(cols)
    rows2 = np.zeros((3,))
    cols2 = np.zeros((4,))
    row_col_sums(m[:3, ::-1][:, :4], rows2, cols2)
    print(rows2, cols2)
