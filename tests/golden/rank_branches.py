"""Golden: device functions that branch on an array's rank or a tuple's length.

Before its first dead-branch pruning, Numba rewrites `a.ndim` of an array parameter and `len(t)`
of a tuple parameter as literals (rewrite_semantic_constants), so each specialisation of `first`
types only the arm for its rank: `a[i, 0]` of the 1-D array is never typed, nor `t[1]` of a
1-tuple. py2cuda decides the same tests per specialisation.
"""
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def first(a, i):
    if a.ndim == 1:
        return a[i]
    else:
        return a[i, 0]


@cuda.jit(device=True)
def total(t):
    if len(t) == 2:
        return t[0] + t[1]
    return t[0]


@cuda.jit("void(float64[:], int32[:, :], float64[:])")
def combine(v, m, out):
    i = cuda.grid(1)
    if i < v.size:
        out[i] = first(v, i) + first(m, i) + total((i, 1)) + total((i,))


if __name__ == "__main__":
    v = np.arange(4.0)
    m = np.arange(8, dtype=np.int32).reshape(4, 2)
    out = np.zeros(4)
    combine[1, 4](v, m, out)
    print(out)
