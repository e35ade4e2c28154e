"""Golden: 2-D and 3-D arrays: indexing with several indices, with a tuple held in a variable,
a 3-D launch with cuda.grid(3), and loops over the dimensions of a 2-D array.

`volume` is 3 x 4 x 5 (C order); the 3-D launch has blocks of 2 x 2 x 4 threads so every
dimension has idle threads. `row_sums` walks each row of a 2-D array in a loop.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, :, :], float32[:, :, :])")
def neighbours(volume, out):
    i, j, k = cuda.grid(3)
    if i < volume.shape[0] and j < volume.shape[1] and k < volume.shape[2]:
        total = volume[i, j, k]
        if k > 0:
            total += volume[i, j, k - 1]
        if k + 1 < volume.shape[2]:
            total += volume[i, j, k + 1]
        out[i, j, k] = total


@cuda.jit("void(int32[:, :], int64[:], int32[:, :])")
def row_sums(m, sums, corners):
    row = cuda.grid(1)
    if row < m.shape[0]:
        s = 0
        for col in range(m.shape[1]):
            s += m[row, col]
        sums[row] = s
        last = (m.shape[0] - 1, m.shape[1] - 1)
        if row == 0:
            corners[0, 0] = m[0, 0]
            corners[1, 1] = m[last]  # indexed by a tuple variable
            corners[0, 1] = m[0, last[1]]
            corners[1, 0] = m[last[0], 0]


if __name__ == "__main__":
    volume = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    out = cuda.device_array((3, 4, 5), dtype=np.float32)
    neighbours[(2, 2, 2), (2, 2, 4)](cuda.to_device(volume), out)
    r = out.copy_to_host()
    for i, j, k in [(0, 0, 0), (0, 0, 4), (1, 2, 3), (2, 3, 4), (2, 3, 0)]:
        print(f"out[{i}, {j}, {k}] = {r[i, j, k]}")
    total = 0.0
    for i in range(3):
        for j in range(4):
            for k in range(5):
                total += float(r[i, j, k])
    print(f"sum = {total}")

    m = (np.arange(35, dtype=np.int32) * 3 - 50).reshape(5, 7)
    sums = cuda.device_array(5, dtype=np.int64)
    corners = cuda.device_array((2, 2), dtype=np.int32)
    row_sums[1, 8](cuda.to_device(m), sums, corners)
    s = sums.copy_to_host()
    c = corners.copy_to_host()
    for row in range(5):
        print(f"row {row}: sum {s[row]}")
    print(f"corners: {c[0, 0]} {c[0, 1]} {c[1, 0]} {c[1, 1]}")
