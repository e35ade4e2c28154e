# expect: 11:18: error: 'sum' is not supported in CUDA kernels
# allow-extra-errors
# sum() over a generator expression.
from numba import cuda


@cuda.jit("void(float32[:, :], float32[::1])")
def row_sums(m, out):
    r = cuda.grid(1)
    if r < m.shape[0]:
        out[r] = sum(m[r, c] for c in range(m.shape[1]))
