"""Golden: float -> integer conversions in a kernel, in range and out of it.

np.int8(x) ... np.uint64(x) and int(x) of float64 and float32 values, a float stored into an
integer array element, and a float passed to an atomic on an integer array: each is
`py2cuda::float_to_int<T>(x)` in the emitted code. Numba lowers them to LLVM's fptosi/fptoui,
which become PTX cvt.rzi on the GPU: truncation toward zero that saturates at the ends of the
range, NaN giving the value with only the top bit set (measured on an H200: np.int32(nan) is
-2**31, np.uint32(nan) 2**31, int(nan) -2**63). An 8- or 16-bit result comes from a 16-bit cvt,
an 8-bit one keeping its low byte: np.int8(300.0) is 44, np.int8(1e10) is -1. Numba's simulator
converts with NumPy on the host CPU instead (x86: 0x80...0 or wrapped bits out of range), so the
oracle's expected values come from these rules (tests/oracle/cases/golden_types.py).
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], float32[:], int64[:, :], uint64[:, :], int16[:], uint8[:], int64[:], uint32[:])")
def convert(d, f, signed, unsigned, stored16, stored8, total, largest):
    i = cuda.grid(1)
    if i < d.size:
        x = d[i]
        y = f[i]
        signed[i, 0] = np.int8(x)
        signed[i, 1] = np.int16(x)
        signed[i, 2] = np.int32(x)
        signed[i, 3] = np.int64(x)
        signed[i, 4] = int(x)
        signed[i, 5] = np.int8(y)
        signed[i, 6] = np.int16(y)
        signed[i, 7] = np.int32(y)
        signed[i, 8] = int(y)
        unsigned[i, 0] = np.uint8(x)
        unsigned[i, 1] = np.uint16(x)
        unsigned[i, 2] = np.uint32(x)
        unsigned[i, 3] = np.uint64(x)
        unsigned[i, 4] = np.uint8(y)
        unsigned[i, 5] = np.uint16(y)
        unsigned[i, 6] = np.uint32(y)
        unsigned[i, 7] = np.uint64(y)
        stored16[i] = x  # the store converts: float64 -> int16
        stored8[i] = y
        cuda.atomic.add(total, 0, x)  # the value converts to the array's int64
        cuda.atomic.max(largest, 0, y)


if __name__ == "__main__":
    d = np.array([1.9, -1.9, 300.0, -300.0, 70000.0, 3e9, -3e9, 1e30, -1e30, np.nan, np.inf, -1.0])
    n = d.size
    signed = np.zeros((n, 9), dtype=np.int64)
    unsigned = np.zeros((n, 8), dtype=np.uint64)
    stored16 = np.zeros(n, dtype=np.int16)
    stored8 = np.zeros(n, dtype=np.uint8)
    total = np.zeros(1, dtype=np.int64)
    largest = np.zeros(1, dtype=np.uint32)
    convert[1, 32](d, d.astype(np.float32), signed, unsigned, stored16, stored8, total, largest)
    for i in range(n):
        print(d[i], signed[i], unsigned[i], stored16[i], stored8[i])
    print(total[0], largest[0])
