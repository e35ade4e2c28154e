"""Kernels only: no host code, so each kernel carries its signature (README "Where types come from")."""
from numba import cuda


@cuda.jit("void(float32, float32[::1], float32[::1], float32[::1])")
def saxpy(a, x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = a * x[i] + y[i]


@cuda.jit("void(int64[::1])")
def floor_mod_by_3(values):
    # Python's %: the result takes the divisor's sign, so -7 % 3 == 2 (C++'s % gives -1).
    i = cuda.grid(1)
    if i < values.shape[0]:
        values[i] = values[i] % 3
