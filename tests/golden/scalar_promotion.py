"""Golden: result types of scalar arithmetic (Numba's promotion rules, not C's or NumPy's).

Integer arithmetic widens to 64 bits: int8 + int8 is int64, bool + bool is int64, signed with
unsigned is int64, uint32 with uint32 is uint64. An int literal is int64 and a float literal
float64, so float32 * 0.1 is computed in double. With float32, the small integers (bool, int8,
int16) give float32 but int32 gives float64. The results are stored into 64-bit arrays so each
one shows the precision it was computed in.
"""
# simulator-differs: int8_add int16_mul bool_add uint32_times_literal uint32_add f32_times_literal
import numpy as np
from numba import cuda


@cuda.jit("void(int8[:], int16[:], int32[:], uint8[:], uint32[:], boolean[:], float32[:], int64[:], uint64[:], float64[:])")
def promote(i8, i16, i32, u8, u32, flags, f32, ints, uints, floats):
    ints[0] = i8[0] + i8[1]  # int8 + int8 -> int64: 127 + 127 is 254, not -2
    ints[1] = i16[0] * i16[1]  # int16 * int16 -> int64
    ints[2] = u8[0] - i8[1]  # uint8 - int8 -> int64: 100 - 127 is -27
    ints[3] = flags[0] + flags[1]  # bool + bool -> int64: 2
    ints[4] = u32[0] * 2  # uint32 * int literal -> int64
    uints[0] = u32[0] + u32[1]  # uint32 + uint32 -> uint64: no wrap at 2**32
    floats[0] = f32[0] * 0.1  # float32 * float64 literal -> float64
    floats[1] = f32[0] * f32[1]  # float32 * float32 -> float32, widened only by the store
    floats[2] = i16[0] * f32[1]  # int16 * float32 -> float32
    floats[3] = i32[0] * f32[1]  # int32 * float32 -> float64
    floats[4] = i8[0] / i16[1]  # int / int -> float64
    floats[5] = flags[0] * f32[1]  # bool * float32 -> float32


if __name__ == "__main__":
    i8 = np.array([127, 127], dtype=np.int8)
    i16 = np.array([30001, 3], dtype=np.int16)
    i32 = np.array([30001], dtype=np.int32)
    u8 = np.array([100], dtype=np.uint8)
    u32 = np.array([4000000000, 500000000], dtype=np.uint32)
    flags = np.array([True, True], dtype=np.bool_)
    f32 = np.array([0.7, 0.3], dtype=np.float32)
    ints = cuda.device_array(5, dtype=np.int64)
    uints = cuda.device_array(1, dtype=np.uint64)
    floats = cuda.device_array(6, dtype=np.float64)
    promote[1, 1](cuda.to_device(i8), cuda.to_device(i16), cuda.to_device(i32), cuda.to_device(u8),
                  cuda.to_device(u32), cuda.to_device(flags), cuda.to_device(f32), ints, uints, floats)
    i = ints.copy_to_host()
    u = uints.copy_to_host()
    f = floats.copy_to_host()
    print(f"int8_add: {i[0]}")
    print(f"int16_mul: {i[1]}")
    print(f"uint8_sub: {i[2]}")
    print(f"bool_add: {i[3]}")
    print(f"uint32_times_literal: {i[4]}")
    print(f"uint32_add: {u[0]}")
    print(f"f32_times_literal: {f[0]:.17g}")
    print(f"f32_times_f32: {f[1]:.17g}")
    print(f"int16_times_f32: {f[2]:.17g}")
    print(f"int32_times_f32: {f[3]:.17g}")
    print(f"int_truediv: {f[4]:.17g}")
    print(f"bool_times_f32: {f[5]:.17g}")
