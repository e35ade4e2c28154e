"""Golden: conditional expressions `a if cond else b`.

Only the chosen branch is evaluated (the other may divide by zero or index out of bounds). The
result type unifies both branches: int64 with float32 gives float64, int32 with int64 gives
int64. Conditional expressions nest and may appear inside larger expressions.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:], float32[:], float64[:, :])")
def choose(n, x, out):
    i = cuda.grid(1)
    if i < n.size:
        out[i, 0] = 1 if n[i] > 0 else x[i]  # int64 or float32: float64
        out[i, 1] = 100 // n[i] if n[i] != 0 else -1  # the division only runs when n != 0
        out[i, 2] = x[n[i]] if 0 <= n[i] < x.size else 0.0  # the index is checked first
        out[i, 3] = -1 if n[i] < 0 else (0 if n[i] == 0 else 1)  # nested: the sign of n
        out[i, 4] = 2 * (x[i] if x[i] > 1.0 else 1.0) + 1


if __name__ == "__main__":
    n = np.array([3, 0, -2, 1, 7], dtype=np.int32)
    x = np.array([0.5, 1.5, 2.5, -3.5, 4.5], dtype=np.float32)
    out = cuda.device_array((5, 5), dtype=np.float64)
    choose[1, 8](cuda.to_device(n), cuda.to_device(x), out)
    r = out.copy_to_host()
    for i in range(5):
        print(f"n={n[i]} x={x[i]}: {r[i, 0]} {r[i, 1]} {r[i, 2]} {r[i, 3]} {r[i, 4]}")
