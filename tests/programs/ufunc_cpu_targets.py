"""@guvectorize on the CPU (target='cpu' and 'parallel') and @vectorize(target='parallel'):
core dimensions as views, a scalar in the layout, an output with no core dimension returned as
a NumPy scalar for 1-D operands, operands cast to the loop's dtype, out=, broadcasting of loop
dimensions, non-contiguous operands.

NAME.expected: the output of `python NAME.py` under Numba (CPU targets need no simulator).
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import guvectorize, vectorize


@guvectorize(['void(float64[:], float64[:])'], '(n)->()')
def norm1(x, out):
    acc = 0.0
    for v in x:
        acc += abs(v)
    out[0] = acc


@guvectorize(['void(int64[:], int64, int64[:])', 'void(float64[:], float64, float64[:])'], '(n),()->(n)',
             target='parallel')
def shifted_cumsum(x, shift, out):
    acc = shift
    for i in range(x.shape[0]):
        acc += x[i]
        out[i] = acc


@guvectorize(['void(float32[:, :], float32[:], float32[:])'], '(m,n),(n)->(m)', target='cpu')
def matvec(a, v, out):
    for i in range(a.shape[0]):
        acc = np.float32(0.0)
        for j in range(a.shape[1]):
            acc += a[i, j] * v[j]
        out[i] = acc


@vectorize(['int64(int64, int64)', 'float64(float64, float64)'], target='parallel')
def hypot_sq(x, y):
    return x * x + y * y


if __name__ == "__main__":
    m = np.arange(12, dtype=np.float64).reshape(3, 4) - 5.0
    print(norm1(m))
    print(norm1(m[0]))
    print(norm1(m.T))
    print(shifted_cumsum(np.arange(6), 10))
    print(shifted_cumsum(np.arange(12).reshape(3, 4), np.array([0, 100, 200]).reshape(3, 1)[:, 0]))
    print(shifted_cumsum(m[:, ::2], 0.5))
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    v = np.array([1.0, -1.0, 0.5, 2.0], dtype=np.float32)
    print(matvec(a, v))
    out = np.zeros((2, 3), dtype=np.float32)
    matvec(a, v[::-1], out)
    print(out)
    big = np.arange(20000).reshape(100, 200)
    r = hypot_sq(big, big[::-1])
    print(r.dtype, r.shape, r[0, :5], r[99, -3:], r.sum())
    print(hypot_sq(np.linspace(0.0, 1.0, 5), 2.0))
    print(norm1(np.arange(5, dtype=np.int32)))
