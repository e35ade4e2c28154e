"""Golden: Python builtins in kernels: abs, min, max, round, int, float, bool, len.

abs keeps the type (abs of the most negative int32 wraps); min/max accept two or more arguments
of mixed types (unified: int32 with float64 is float64); with exactly two float arguments they
are CUDA's fmin/fmax, otherwise Python's algorithm (see samples/python_semantics.py for NaN and
-0.0). round(x) rounds half to even and returns int64; round(x, n) returns a float; int()
truncates toward zero; float() converts to float64; bool() tests for nonzero; len() of an array
is its first dimension and of a tuple its length.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], int32[:], float64[:, :], int64[:, :])")
def use_builtins(x, n, floats, ints):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        floats[i, 0] = abs(v)
        floats[i, 1] = min(v, 1.0)  # two floats: fmin
        floats[i, 2] = max(v, n[i], 0.5)  # three arguments, float64 and int32: Python's, float64
        floats[i, 3] = round(v, 1)
        floats[i, 4] = float(n[i]) / 4
        ints[i, 0] = round(v)
        ints[i, 1] = int(v)
        ints[i, 2] = bool(v)
        ints[i, 3] = abs(n[i])
        ints[i, 4] = min(n[i], 3) + len(x) * 100 + len((v, v, v)) * 10000


if __name__ == "__main__":
    x = np.array([-2.5, -0.5, 0.0, 0.5, 1.5, 2.675, -7.25, 1e10], dtype=np.float64)
    n = np.array([-2147483648, -3, 0, 1, 2, 3, 4, 5], dtype=np.int32)
    size = 8
    floats = cuda.device_array((size, 5), dtype=np.float64)
    ints = cuda.device_array((size, 5), dtype=np.int64)
    use_builtins[1, 8](cuda.to_device(x), cuda.to_device(n), floats, ints)
    f = floats.copy_to_host()
    k = ints.copy_to_host()
    for i in range(size):
        print(f"x={x[i]} n={n[i]}: abs {f[i, 0]}, min(x,1) {f[i, 1]}, max(x,n,0.5) {f[i, 2]}, "
              f"round(x,1) {f[i, 3]}, float(n)/4 {f[i, 4]}, round {k[i, 0]}, int {k[i, 1]}, "
              f"bool {k[i, 2]}, abs(n) {k[i, 3]}, min(n,3)+lens {k[i, 4]}")

