"""Golden: storing an integer into a narrower integer array keeps the low bits (two's
complement wraparound), for signed and unsigned element types alike: 300 into int8 is 44, -129
is 127, -1 into uint8 is 255, 2**32 + 5 into uint32 is 5.
"""
# simulator-cannot-run: NumPy refuses to store an out-of-range integer; Numba wraps it
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], int8[:], uint8[:], int16[:], uint32[:])")
def narrow(v, i8, u8, i16, u32):
    i = cuda.grid(1)
    if i < v.size:
        i8[i] = v[i]
        u8[i] = v[i]
        i16[i] = v[i] * 1000
        u32[i] = v[i] + 4294967296


if __name__ == "__main__":
    v = np.array([300, -129, -1, 127, 128, 255, 256, 40000], dtype=np.int64)
    n = 8
    i8 = cuda.device_array(n, dtype=np.int8)
    u8 = cuda.device_array(n, dtype=np.uint8)
    i16 = cuda.device_array(n, dtype=np.int16)
    u32 = cuda.device_array(n, dtype=np.uint32)
    narrow[1, 8](cuda.to_device(v), i8, u8, i16, u32)
    a = i8.copy_to_host()
    b = u8.copy_to_host()
    c = i16.copy_to_host()
    d = u32.copy_to_host()
    for i in range(n):
        print(f"{v[i]}: int8 {a[i]}, uint8 {b[i]}, int16(v*1000) {c[i]}, uint32(v + 2**32) {d[i]}")
