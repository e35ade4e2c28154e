# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Advanced indexing on the host: boolean masks, integer arrays, np.newaxis, Ellipsis, device setitem."""
import numpy as np
from numba import cuda


@cuda.jit
def square(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = a[i] * a[i]


@cuda.jit
def add_rows(m):
    r, c = cuda.grid(2)
    if r < m.shape[0] and c < m.shape[1]:
        m[r, c] = r * 10 + c


def main():
    a = np.arange(10, dtype=np.int64)
    d_a = cuda.to_device(a)
    square[1, 16](d_a)
    a = d_a.copy_to_host()
    print(a[a > 5], a[a % 2 == 0])
    f = np.linspace(0.0, 1.0, 7).astype(np.float32)
    print(f[f < 0.5], f[(f > 0.2) & (f < 0.9)])
    m = np.zeros((3, 4), dtype=np.int32)
    add_rows[(1, 1), (4, 4)](m)
    print(m[m > 15], m[m % 3 == 0].shape)
    b = a.copy()
    b[b > 5] = 0
    print(b)
    b[a > 60] = np.array([7, 8])
    print(b)
    m2 = m.copy()
    m2[m2 > 20] = -1
    print(m2)
    fb = f.copy()
    fb[fb > 0.5] = 2
    print(fb)

    idx = np.array([0, 2, 4])
    print(a[idx], a[[1, 3]], a[[-1, -2]], m[[0, 2]])
    print(m[np.array([2, 0])].shape, a[np.array([[0, 1], [2, 3]])])
    c = np.zeros(6)
    c[idx] = 1.5
    c[[1, 5]] = np.array([3.0, 4.0])
    print(c)
    rows = np.argsort(a)[::-1][:3]
    print(rows, a[rows])
    mm = m.copy()
    mm[[0, 2]] = 0
    print(mm)

    print(m[:, [0, 2]], m[1, [0, -1]], m[[0, 2], 1], m[np.array([2, 1]), :2])
    print(m[m[:, 0] > 5], m[:, m[0] % 2 == 1], m[1:, [3, 0]])
    t = np.arange(24).reshape(2, 3, 4)
    print(t[t[:, :, 0] > 5], t[..., [1]].shape, t[:, 1, [0, 2]], t[[1, 0, 1]].shape)
    mm[:, [0, 2]] = -5
    mm[mm > 11] = mm[mm > 11] + 100
    print(mm)
    w = np.arange(6, dtype=np.float32)
    w[w > 2] = w[w > 2] * np.float32(0.5)
    w[[0, 1]] = w[[1, 0]]
    w[np.array([True, False, True, False, True, False])] = np.float32(7.5)
    print(w, w.dtype)
    sel = a > 10
    print(sel, a[~sel], a[sel & (a < 70)], np.arange(10)[sel])

    v = np.arange(4, dtype=np.float64)
    print(v[None, :], v[:, None].shape, v[np.newaxis].shape)
    print(v[:, np.newaxis] * v[np.newaxis, :])
    print(v[...], m[..., 0], m[..., 1:3], m[0, ...], m[...].shape)
    print(m[:, None, :].shape, m[None].shape, m[1, None].shape, m[..., None].shape)

    d_c = cuda.to_device(np.arange(8, dtype=np.float32))
    d_c[2:4] = 0
    print(d_c.copy_to_host())
    d_c[:] = np.ones(8, dtype=np.float32) * 3
    print(d_c.copy_to_host())
    d_c[5] = 9
    d_c[-1:] = np.array([-2.0], dtype=np.float32)
    print(d_c.copy_to_host())
    d_m = cuda.to_device(np.zeros((2, 3), dtype=np.int64))
    d_m[1, :] = np.array([4, 5, 6])
    d_m[0] = 1
    print(d_m.copy_to_host())
    d_s = cuda.to_device(np.zeros(10, dtype=np.int32))
    d_s[::3] = 7
    d_s[1:3] = d_c[:2].copy_to_host()
    print(d_s.copy_to_host())
    print("out of range:")
    print(a[np.array([0, 20])])


if __name__ == "__main__":
    main()
