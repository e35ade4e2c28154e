"""CUDA ufuncs and a gufunc on non-contiguous operands: strided slices, a column, a transpose,
reversed views, strided device arrays' copies and out= into a host array. Broadcasting a column
against a row; calls with more loop dimensions (5, 6) than the loop functions take (4).

NAME.expected: numba-cuda's simulator cannot run CUDA ufuncs, so the expected output comes from
this file run with Numba's CPU target for every target='cuda' decorator
(`tests/programs/tools/ufunc_cpu_oracle.py`).
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, vectorize, guvectorize


@vectorize(['int64(int64, int64)', 'float64(float64, float64)'], target='cuda')
def weighted(x, y):
    return 3 * x - y


@guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda')
def span(row, out):
    lo = row[0]
    hi = row[0]
    for v in row:
        lo = min(lo, v)
        hi = max(hi, v)
    out[0] = hi - lo


if __name__ == "__main__":
    m = np.arange(24).reshape(4, 6)
    print(weighted(m[:, ::2], m[::-1, 1::2]))
    print(weighted(m[:, 1], m[2, 2:]))
    print(weighted(m.T, 5))
    print(weighted(m[::2, ::3], m[1::2, ::-3]))
    col = m[:, :1]
    print(weighted(col, m[0]))

    f = np.linspace(0.0, 1.0, 30).reshape(5, 6)
    print(weighted(f[1:4, ::2], f[::2, 1::2][:3]))
    print(span(f.T))
    print(span(f[:, ::-2]))

    out = np.zeros((3, 3), dtype=np.int64)
    weighted(m[:3, :3], m[1:, 3:], out=out)
    print(out)

    d = cuda.to_device(np.ascontiguousarray(m[:, ::2]))
    print(weighted(d, m[0, ::2]).copy_to_host())

    big = np.arange(144).reshape(2, 3, 2, 2, 3, 2)
    r = weighted(big, big[:, :1, ::-1])
    print(r.shape, r.sum(), r[1, 2, 0, 1])
    cube = np.linspace(-1.0, 1.0, 96).reshape(2, 2, 1, 2, 2, 2, 3)
    s = span(cube[:, :, :, :, :, :, ::-1] * cube[0])
    print(s.shape, s.sum(), s[1, 0, 0, 1])
