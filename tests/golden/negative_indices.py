"""Golden: negative indices count from the end of the dimension, as in Python.

Constant negative indices (a[-1], m[-1, -2]), computed ones (a[i - n], which is negative for
every thread here), and a mix in a 3-D array. Numba wraps a signed index that is negative by
adding the dimension's length (it does not check bounds); an unsigned index never wraps.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], float64[:, :], float64[:, :, :], uint32[:], float64[:, :])")
def from_the_end(a, m, cube, u, out):
    i = cuda.grid(1)
    n = a.size
    if i < n:
        out[i, 0] = a[i - n]  # same element as a[i]
        out[i, 1] = a[-1 - i]  # reversed
        out[i, 2] = m[-1, -2]
        out[i, 3] = m[-(i % 3) - 1, i % 4]
        out[i, 4] = cube[-1, i % 2 - 2, -3]
        out[i, 5] = a[u[i]]  # unsigned: no wraparound


if __name__ == "__main__":
    n = 6
    a = np.arange(n, dtype=np.float64) * 1.5
    m = np.arange(12, dtype=np.float64).reshape(3, 4)
    cube = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    u = np.array([5, 4, 3, 2, 1, 0], dtype=np.uint32)
    out = cuda.device_array((n, 6), dtype=np.float64)
    from_the_end[1, 8](cuda.to_device(a), cuda.to_device(m), cuda.to_device(cube), cuda.to_device(u), out)
    r = out.copy_to_host()
    for i in range(n):
        print(f"i={i}: a[i-n] {r[i, 0]}, a[-1-i] {r[i, 1]}, m[-1,-2] {r[i, 2]}, "
              f"m[-(i%3)-1, i%4] {r[i, 3]}, cube[-1, i%2-2, -3] {r[i, 4]}, a[u[i]] {r[i, 5]}")
