# expect: 11:16: error: list comprehension is not supported in CUDA kernels
# allow-extra-errors
# A list comprehension to build per-thread scratch values.
from numba import cuda


@cuda.jit("void(float32[:, :], float32[::1])")
def row_sums(m, out):
    r = cuda.grid(1)
    if r < m.shape[0]:
        vals = [m[r, c] for c in range(m.shape[1])]
        out[r] = 0.0
