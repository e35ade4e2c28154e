"""Golden: slicing arrays inside kernels.

Basic indexing with slices, or with fewer indices than dimensions, gives a view
of the same memory, as in Numba: rows `m[i]` and `m[i, :]`, a column `m[:, j]`,
negative and omitted bounds, steps (negative too), views of views, views of a
shared array, views passed to device functions (a C-contiguous row and a strided
column are two instances of the device function, as Numba compiles two), and a
scalar stored into every element of a slice.
"""
import numpy as np
from numba import cuda, float64, int32

TPB = 32


@cuda.jit(device=True)
def dot(u, v):
    acc = 0.0
    for k in range(u.size):
        acc += u[k] * v[k]
    return acc


@cuda.jit("void(float64[:, ::1], float64[:], float64[:])")
def matvec(m, x, y):
    i = cuda.grid(1)
    if i < m.shape[0]:
        y[i] = dot(m[i], x)  # a row: C-contiguous


@cuda.jit("void(float64[:, ::1], float64[:], float64[:])")
def column_norms(m, weights, out):
    j = cuda.grid(1)
    if j < m.shape[1]:
        col = m[:, j]  # a strided view
        out[j] = dot(col, col) + dot(weights[: col.size], col)


@cuda.jit("void(int32[:], int64, int64, int64, int32[:])")
def take_slice(src, lo, hi, step, out):
    if cuda.grid(1) == 0:
        v = src[lo:hi:step]
        for k in range(v.shape[0]):
            out[k] = v[k]
        out[out.size - 1] = len(v)


@cuda.jit("void(int32[:], int32[:, :])")
def fixed_slices(src, out):
    r = cuda.grid(1)
    if r == 0:
        for k, x in enumerate(src[2:]):
            out[0, k] = x
        for k, x in enumerate(src[:-2]):
            out[1, k] = x
        for k, x in enumerate(src[::-1]):
            out[2, k] = x
        tail = src[-3:]
        out[3, 0] = tail[0] + tail[-1]
        out[3, 1] = src[1::3][1:][0]
        out[3, 2] = src[100:].size  # clamped bounds: empty


@cuda.jit("void(float32[:, :, :], float32[:])")
def plane_sums(t, out):
    p = cuda.grid(1)
    if p < t.shape[0]:
        plane = t[p]
        s = float32_zero()
        for r in range(plane.shape[0]):
            row = plane[r, 1:]
            for c in range(row.shape[0]):
                s += row[c]
        out[p] = s


@cuda.jit(device=True)
def float32_zero():
    return np.float32(0.0)


@cuda.jit("void(float32[:], float32[:])")
def shifted_window(x, out):
    tile = cuda.shared.array(TPB + 2, dtype=np.float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t + 1] = x[i] if i < x.size else 0
    if t == 0:
        tile[0] = x[i - 1] if i > 0 else 0
        last = i + TPB
        tile[TPB + 1] = x[last] if last < x.size else 0
    cuda.syncthreads()
    window = tile[t : t + 3]
    if i < x.size:
        out[i] = window[0] + window[1] + window[2]


@cuda.jit("void(float64[:, :], int32)")
def clear_border(m, width):
    if cuda.grid(1) == 0:
        m[:width, :] = 0
        m[-width:] = -1
        m[:, 0] = 7.5
        row = m[width]
        row[1::2] = 2


if __name__ == "__main__":
    m = np.arange(12, dtype=np.float64).reshape(4, 3)
    y = cuda.device_array(4, dtype=np.float64)
    matvec[1, TPB](cuda.to_device(m), cuda.to_device(np.array([1.0, 2.0, 3.0])), y)
    print("matvec:", y.copy_to_host())

    norms = cuda.device_array(3, dtype=np.float64)
    column_norms[1, TPB](cuda.to_device(m), cuda.to_device(np.ones(10)), norms)
    print("column norms:", norms.copy_to_host())

    src = np.arange(10, dtype=np.int32) * 3
    out = cuda.to_device(np.zeros(11, dtype=np.int32))
    take_slice[1, 1](cuda.to_device(src), 8, 1, -3, out)
    print("src[8:1:-3]:", out.copy_to_host())

    fixed = cuda.to_device(np.zeros((4, 10), dtype=np.int32))
    fixed_slices[1, 1](cuda.to_device(src), fixed)
    print("fixed slices:", fixed.copy_to_host().tolist())

    t = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
    sums = cuda.device_array(2, dtype=np.float32)
    plane_sums[1, TPB](cuda.to_device(t), sums)
    print("plane sums without column 0:", sums.copy_to_host())

    x = np.arange(70, dtype=np.float32)
    w = cuda.device_array(70, dtype=np.float32)
    shifted_window[3, TPB](cuda.to_device(x), w)
    print("window sums:", w.copy_to_host()[[0, 1, 31, 32, 69]])

    b = cuda.to_device(np.ones((6, 5)))
    clear_border[1, 1](b, 2)
    print("border:", b.copy_to_host().tolist())
