"""Golden: cuda.grid(n) and cuda.gridsize(n) for n = 1, 2, 3.

cuda.grid(1) is threadIdx.x + blockIdx.x * blockDim.x as an int64; grid(2) and grid(3) are
tuples of those per dimension. cuda.gridsize(n) is blockDim * gridDim per dimension (the total
number of threads along it). Each kernel records the values of every thread.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:, :])")
def record_1d(out):
    i = cuda.grid(1)
    out[i, 0] = i
    out[i, 1] = cuda.gridsize(1)


@cuda.jit("void(int64[:, :, :])")
def record_2d(out):
    x, y = cuda.grid(2)
    width, height = cuda.gridsize(2)
    out[x, y, 0] = width
    out[x, y, 1] = height
    out[x, y, 2] = y * width + x  # a unique linear index


@cuda.jit("void(int64[:, :, :])")
def record_3d(out):
    x, y, z = cuda.grid(3)
    size = cuda.gridsize(3)
    out[x, y, z] = ((z * size[1] + y) * size[0] + x) * 1000 + size[0] * 100 + size[1] * 10 + size[2]


if __name__ == "__main__":
    out1 = cuda.device_array((12, 2), dtype=np.int64)
    record_1d[3, 4](out1)
    r1 = out1.copy_to_host()
    for i in [0, 3, 4, 11]:
        print(f"1d thread {i}: grid(1) = {r1[i, 0]}, gridsize(1) = {r1[i, 1]}")

    out2 = cuda.device_array((8, 6, 3), dtype=np.int64)
    record_2d[(2, 3), (4, 2)](out2)
    r2 = out2.copy_to_host()
    for x, y in [(0, 0), (7, 0), (0, 5), (5, 3), (7, 5)]:
        print(f"2d ({x}, {y}): gridsize(2) = ({r2[x, y, 0]}, {r2[x, y, 1]}), linear = {r2[x, y, 2]}")

    out3 = cuda.device_array((4, 3, 4), dtype=np.int64)
    record_3d[(2, 1, 2), (2, 3, 2)](out3)
    r3 = out3.copy_to_host()
    total = 0
    for x in range(4):
        for y in range(3):
            for z in range(4):
                total += int(r3[x, y, z]) // 1000
    print(f"3d: out[3, 2, 3] = {r3[3, 2, 3]}, out[1, 0, 2] = {r3[1, 0, 2]}, sum of linear ids = {total}")
