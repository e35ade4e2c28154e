"""Golden: an int64 literal as an atomic's operand on an int64 array.

`cuda.atomic.or_(bits, 0, 1 << (i % 60))` needs the literal shifted as int64 (a C++ `int` would
shift in 32 bits and match no atomic_or overload for an int64 array). Expected output from the
simulator, whose Python ints agree with int64 here (no value exceeds 2**60).
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], int64[:])")
def set_bits(bits, sums):
    i = cuda.grid(1)
    if i < 64:
        cuda.atomic.or_(bits, 0, 1 << (i % 60))
        cuda.atomic.add(sums, 0, 1 << 33)
        cuda.atomic.max(sums, 1, (i + 1) << 31)


if __name__ == "__main__":
    bits = cuda.to_device(np.zeros(1, dtype=np.int64))
    sums = cuda.to_device(np.zeros(2, dtype=np.int64))
    set_bits[2, 32](bits, sums)
    print(f"or of 1 << (i % 60): {bits.copy_to_host()[0]}")
    s = sums.copy_to_host()
    print(f"sum of 2**33: {s[0]}")
    print(f"max of (i + 1) << 31: {s[1]}")
