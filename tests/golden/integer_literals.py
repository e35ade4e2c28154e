"""Golden: integer literals are int64, as Numba types them, in every C++ context.

A bare C++ literal is a 32-bit `int`: `1 << 40` would shift in 32 bits, `3 * 1000000000` would
overflow and `64 // 2` would match no single overload of the floor-division helper
(integer_literal_atomics.py has the atomic case). The emitted code spells such literals as `int64_t(...)`
wherever no int64 operand beside them converts them anyway.
"""
# simulator-cannot-run: 1 << 63 is a Python int the simulator cannot store into an int64 array
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], int64[:])")
def literal_contexts(shifted, misc):
    i = cuda.grid(1)
    if i < shifted.size:
        shifted[i] = 1 << (i % 64)  # 2**31 and 2**32 must not wrap
    if i == 0:
        half = 64 // 2
        misc[0] = half
        misc[1] = 3 * 1000000000  # beyond int32
        misc[2] = 2147483647 + 1
        misc[3] = (1 << 40) >> 35
        misc[4] = ~0 << 33
        misc[5] = -7 // 2 + 17 % 5
        misc[6] = 2 ** 40
        misc[7] = (5 if i == 0 else 6) << 31


if __name__ == "__main__":
    shifted = cuda.device_array(64, dtype=np.int64)
    misc = cuda.device_array(8, dtype=np.int64)
    literal_contexts[2, 32](shifted, misc)
    s = shifted.copy_to_host()
    for i in [0, 1, 30, 31, 32, 33, 62, 63]:
        print(f"1 << {i}: {s[i]}")
    m = misc.copy_to_host()
    for j in range(8):
        print(f"misc[{j}]: {m[j]}")
