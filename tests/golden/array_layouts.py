"""Golden: contiguous array layouts in signatures.

`float32[::1]` is a C-contiguous 1-D array, `int32[:, ::1]` a C-contiguous 2-D array (the last
dimension has unit stride), `float64[:, :, ::1]` likewise in 3-D; `[:]` / `[:, :]` accept any
layout. Contiguity lets the index arithmetic drop the innermost stride; results are the same.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[:], float32[::1])")
def axpy_contiguous(x, y, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = 2 * x[i] + y[i]


@cuda.jit("void(int32[:, ::1], int64[:])")
def row_max(m, out):
    r = cuda.grid(1)
    if r < m.shape[0]:
        best = m[r, 0]
        for c in range(1, m.shape[1]):
            best = max(best, m[r, c])
        out[r] = best


@cuda.jit("void(float64[:, :, ::1], float64[:, :])")
def depth_sum(t, out):
    i, j = cuda.grid(2)
    if i < t.shape[0] and j < t.shape[1]:
        s = 0.0
        for k in range(t.shape[2]):
            s += t[i, j, k]
        out[i, j] = s


if __name__ == "__main__":
    n = 10
    x = np.arange(n, dtype=np.float32)
    y = np.linspace(0.5, 5.0, n, dtype=np.float32)
    out = cuda.device_array(n, dtype=np.float32)
    axpy_contiguous[2, 8](cuda.to_device(x), cuda.to_device(y), out)
    r = out.copy_to_host()
    for i in range(n):
        print(f"axpy[{i}] = {r[i]}")

    m = ((np.arange(24, dtype=np.int32) * 7) % 11 - 5).reshape(4, 6)
    maxima = cuda.device_array(4, dtype=np.int64)
    row_max[1, 4](cuda.to_device(m), maxima)
    mx = maxima.copy_to_host()
    for r_ in range(4):
        print(f"row_max[{r_}] = {mx[r_]}")

    t = (np.arange(2 * 3 * 4, dtype=np.float64) * 0.5).reshape(2, 3, 4)
    sums = cuda.device_array((2, 3), dtype=np.float64)
    depth_sum[(1, 1), (2, 4)](cuda.to_device(t), sums)
    s = sums.copy_to_host()
    for i in range(2):
        for j in range(3):
            print(f"depth_sum[{i}, {j}] = {s[i, j]}")
