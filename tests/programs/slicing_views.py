"""Slices and views on the host, slice assignment, and slices of device arrays."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = 2 * a[i]


@cuda.jit
def fill_rows(m, value):
    r, c = cuda.grid(2)
    if r < m.shape[0] and c < m.shape[1]:
        m[r, c] = value + r * 10 + c


if __name__ == "__main__":
    a = np.arange(10, dtype=np.float64)
    print(a[2:5], a[::3], a[-3:], a[::-1])
    v = a[1:4]
    v[0] = -1.0
    print("view writes through:", a[1], v.shape)
    a[1:3] = 5
    print("after a[1:3] = 5:", a)
    a[7:] = np.array([70.0, 80.0, 90.0])
    print("after a[7:] = ...:", a)

    b = np.zeros((3, 4), dtype=np.int32)
    row = np.array([1, 2, 3, 4], dtype=np.int32)
    for r in range(3):
        b[r, :] = row * (r + 1)
    b[:, 0] = 9
    print(b)
    print("column 2:", b[:, 2], "row 1:", b[1], "corner:", b[1:, 2:])
    print("element:", b[2, 3], b[-1, -1])

    d = cuda.to_device(np.arange(8, dtype=np.int64))
    n = 5
    double[1, 8](d[:n])
    print("device slice doubled:", d.copy_to_host())
    half = d[4:]
    print("device slice copied back:", half.copy_to_host(), len(half))

    m = np.zeros((4, 6), dtype=np.float64)
    dm = cuda.to_device(m)
    fill_rows[(2, 2), (2, 4)](dm, 0.5)
    out = dm.copy_to_host()
    print(out)
    print("sub-block:", out[1:3, 2:5])

    # Augmented assignment changes an array in place (an alias sees it), with NumPy's casting.
    a = np.arange(6, dtype=np.float32)
    alias = a
    a *= 0.1
    a[::2] += 1
    print("in place:", alias, alias.dtype)
    g = np.arange(12).reshape(3, 4)
    g[1] -= g[0]
    g += np.array([1, 2, 3, 4])
    g //= 2
    g **= 2
    g <<= 1
    print(g)
    small = np.zeros(4, dtype=np.int8)
    small += 200
    v = np.zeros(4)
    v[np.array([0, 2])] += 5
    v[v > 1] *= 2
    x = 2.5
    x += v
    print(small, v, x)
    totals = [1]
    totals += (2, 3)
    totals += [k * 2 for k in range(2)]
    print(totals)
