# expect: 11:9: error: 'best' = None in a kernel or device function: compiled Numba cannot type a local
# A running maximum that starts at None in a kernel: the simulator runs it, compiled Numba rejects
# `m[i, j] > best` (gt(float64, none)).
from numba import cuda


@cuda.jit("void(float64[:, :], float64[:])")
def row_max(m, out):
    i = cuda.grid(1)
    if i < m.shape[0]:
        best = None
        for j in range(m.shape[1]):
            if best is None or m[i, j] > best:
                best = m[i, j]
        out[i] = best
