"""Golden: and / or / not, with Python's meaning.

`a or b` is a if a is truthy, else b; `a and b` is a if a is falsy, else b: the result is one of
the operands, not a bool (Numba unifies the operand types: int64 with float64 gives float64).
Both short-circuit: `probe` counts its calls. `not` gives a bool. Truthiness: 0 and 0.0 and -0.0
are false, NaN is true.
"""
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def probe(calls, i, value):
    calls[i] += 1
    return value


@cuda.jit("void(int64[:], float64[:], int32[:], float64[:, :], boolean[:, :])")
def logic(a, x, calls, values, flags):
    i = cuda.grid(1)
    if i < a.size:
        values[i, 0] = a[i] or x[i]  # an operand, typed float64
        values[i, 1] = a[i] and x[i]
        values[i, 2] = x[i] or 7
        flags[i, 0] = not a[i]
        flags[i, 1] = not x[i]
        flags[i, 2] = a[i] > 0 and x[i] > 0
        flags[i, 3] = a[i] > 0 or x[i] > 0
        flags[i, 4] = not (a[i] > 0 or x[i] > 0) and a[i] != 2
        # Only evaluated when a[i] is truthy.
        flags[i, 5] = bool(a[i]) and probe(calls, i, x[i] > 0)


if __name__ == "__main__":
    a = np.array([0, 0, 3, 3, -1, 2], dtype=np.int64)
    x = np.array([0.0, 2.5, 0.0, 2.5, np.nan, -0.0], dtype=np.float64)
    n = 6
    calls = cuda.to_device(np.zeros(n, dtype=np.int32))
    values = cuda.device_array((n, 3), dtype=np.float64)
    flags = cuda.device_array((n, 6), dtype=np.bool_)
    logic[1, 32](cuda.to_device(a), cuda.to_device(x), calls, values, flags)
    v = values.copy_to_host()
    f = flags.copy_to_host()
    c = calls.copy_to_host()
    for i in range(n):
        print(f"a={a[i]} x={x[i]}: a or x = {v[i, 0]}, a and x = {v[i, 1]}, x or 7 = {v[i, 2]}, "
              f"not a = {f[i, 0]}, not x = {f[i, 1]}, a>0 and x>0 = {f[i, 2]}, a>0 or x>0 = {f[i, 3]}, "
              f"not(...) and a!=2 = {f[i, 4]}, a and probe = {f[i, 5]}, probe calls = {c[i]}")
