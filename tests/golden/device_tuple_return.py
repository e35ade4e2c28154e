"""Golden: device functions that return tuples, with and without a declared signature.

`minmax` declares its return type as a homogeneous tuple, UniTuple(float32, 2); `divmod_floor`
has no signature and returns Tuple(int64, int64) for int64 arguments; `stats` returns a
heterogeneous tuple (int64, float64, bool). The kernel unpacks them, indexes them, and passes a
returned tuple on to another device function.
"""
# simulator-differs: stats
import math

import numpy as np
from numba import cuda


@cuda.jit("UniTuple(float32, 2)(float32, float32)", device=True)
def minmax(a, b):
    if a < b:
        return a, b
    return b, a


@cuda.jit(device=True)
def divmod_floor(a, b):
    return a // b, a % b


@cuda.jit(device=True)
def stats(values, n):
    total = 0.0
    count = 0
    for k in range(n):
        total += values[k]
        count += 1
    mean = total / count if count > 0 else 0.0
    return count, mean, mean > 1.0


@cuda.jit(device=True)
def span(bounds):
    lo, hi = bounds
    return hi - lo


@cuda.jit("void(float32[:], float32[:], int64[:], float64[:, :])")
def use_tuples(a, b, ints, out):
    i = cuda.grid(1)
    if i < a.size:
        lo, hi = minmax(a[i], b[i])
        out[i, 0] = lo
        out[i, 1] = hi
        out[i, 2] = span(minmax(a[i], b[i]))
        q, r = divmod_floor(ints[i], 3)
        out[i, 3] = q
        out[i, 4] = r
        result = stats(a, i + 1)
        out[i, 5] = result[0]
        out[i, 6] = result[1]
        out[i, 7] = result[2]
        out[i, 8] = math.hypot(lo, hi)  # float32 arguments: hypotf


if __name__ == "__main__":
    a = np.array([1.0, 5.0, -2.0, 3.5], dtype=np.float32)
    b = np.array([2.0, 0.5, -2.0, 8.0], dtype=np.float32)
    ints = np.array([7, -7, 0, 10], dtype=np.int64)
    out = cuda.device_array((4, 9), dtype=np.float64)
    use_tuples[1, 4](cuda.to_device(a), cuda.to_device(b), cuda.to_device(ints), out)
    r = out.copy_to_host()
    for i in range(4):
        print(f"minmax: ({a[i]}, {b[i]}) -> ({r[i, 0]}, {r[i, 1]}), span {r[i, 2]}, hypot {r[i, 8]:.4f}")
    for i in range(4):
        print(f"divmod: ({ints[i]}, 3) -> ({r[i, 3]}, {r[i, 4]})")
    # The simulator accumulates `total` in float32 (NumPy's rules); Numba in float64.
    for i in range(4):
        print(f"stats: a[:{i + 1}] -> ({r[i, 5]}, {r[i, 6]}, {r[i, 7]})")
