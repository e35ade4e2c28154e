"""Golden: NumPy scalar constructors used as casts inside kernels.

np.float32(x) rounds to float32, and arithmetic between float32 values stays float32, which is
how kernels keep float32 precision despite float64 literals (x * np.float32(0.1) is float32,
x * 0.1 is float64). np.float64, np.int32, np.int64 and np.uint8 convert likewise: float to int
truncates toward zero; a narrowing integer cast keeps the low bits.
"""
# simulator-differs: times_literal
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float64[:], int64[:], float64[:, :], int64[:, :])")
def casts(x, d, n, floats, ints):
    i = cuda.grid(1)
    if i < x.size:
        floats[i, 0] = x[i] * np.float32(0.1)  # float32 * float32: float32
        floats[i, 1] = x[i] * 0.1  # float64
        floats[i, 2] = np.float32(d[i])  # rounded to float32
        floats[i, 3] = np.float64(x[i]) / 3  # float64 division
        ints[i, 0] = np.int32(d[i])  # truncated toward zero
        ints[i, 1] = np.int64(x[i] * 1000)
        ints[i, 2] = np.uint8(n[i])  # low 8 bits


if __name__ == "__main__":
    x = np.array([1.0, 0.3, -2.5, 1000.5], dtype=np.float32)
    d = np.array([0.1, -7.9, 2.5, 16777217.0], dtype=np.float64)
    n = np.array([255, 256, -1, 1000], dtype=np.int64)
    floats = cuda.device_array((4, 4), dtype=np.float64)
    ints = cuda.device_array((4, 3), dtype=np.int64)
    casts[1, 4](cuda.to_device(x), cuda.to_device(d), cuda.to_device(n), floats, ints)
    f = floats.copy_to_host()
    k = ints.copy_to_host()
    for i in range(4):
        print(f"casts: x={x[i]} d={d[i]} n={n[i]}: x*float32(0.1) {f[i, 0]:.17g}, float32(d) {f[i, 2]:.17g}, "
              f"float64(x)/3 {f[i, 3]:.17g}, int32(d) {k[i, 0]}, int64(x*1000) {k[i, 1]}, uint8(n) {k[i, 2]}")
    for i in range(4):
        print(f"times_literal: {x[i]} * 0.1 = {f[i, 1]:.17g}")
