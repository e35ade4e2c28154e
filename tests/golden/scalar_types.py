"""Golden: every scalar type as a kernel parameter and an array element type: boolean,
int8..int64, uint8..uint64, float32, float64.

The host passes Python ints, floats and bools; the launch converts each to the parameter's
declared type. Each kernel thread handles one type; the values sit at the edges of their
ranges and the arithmetic happens in the widened type, so int8 - 1 is -129 and uint8 + 1 is 256.
One surprise: uint64 with an int64 literal is computed in int64 (signed with unsigned gives
signed), so 2**64 - 1 reads as -1 there.
"""
# simulator-differs: uint64 arrays
import numpy as np
from numba import cuda


@cuda.jit("void(boolean, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, float64[:])")
def scalars(flag, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, out):
    t = cuda.threadIdx.x
    if t == 0:
        out[0] = flag + 0.5
    elif t == 1:
        out[1] = i8 - 1  # int64: -129
    elif t == 2:
        out[2] = i16 * 2
    elif t == 3:
        out[3] = i32 + 1
    elif t == 4:
        out[4] = i64 // 1000000
    elif t == 5:
        out[5] = u8 + 1  # 256
    elif t == 6:
        out[6] = u16 + 1
    elif t == 7:
        out[7] = u32 + 1
    elif t == 8:
        out[8] = u64 // 1000000000  # int64: (2**64 - 1) is -1, and -1 // 10**9 is -1
    elif t == 9:
        out[9] = f32 * 2  # float32 * int64 literal: float64
    elif t == 10:
        out[10] = f64 / 3


@cuda.jit("void(boolean[:], int8[:], uint16[:], uint64[:], float32[:], float64[:])")
def arrays(b, i8, u16, u64, f32, out):
    out[0] = b[0] + b[1]
    out[1] = i8[0] + i8[1]
    out[2] = u16[0] + u16[1]
    out[3] = u64[0] % 1000  # int64: -1 % 1000 is 999
    out[4] = f32[0] + f32[1]


if __name__ == "__main__":
    out = cuda.device_array(11, dtype=np.float64)
    scalars[1, 11](True, -128, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295,
                   18446744073709551615, 3.5, 1.0, out)
    r = out.copy_to_host()
    names = ["boolean", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
             "float32", "float64"]
    for t in range(11):
        print(f"{names[t]}: {r[t]:.17g}")

    out = cuda.device_array(5, dtype=np.float64)
    arrays[1, 1](cuda.to_device(np.array([True, True], dtype=np.bool_)),
                 cuda.to_device(np.array([-128, -128], dtype=np.int8)),
                 cuda.to_device(np.array([65535, 65535], dtype=np.uint16)),
                 cuda.to_device(np.array([18446744073709551615], dtype=np.uint64)),
                 cuda.to_device(np.array([0.5, 0.25], dtype=np.float32)), out)
    a = out.copy_to_host()
    print(f"arrays: bool+bool {a[0]}, int8+int8 {a[1]}, uint16+uint16 {a[2]}, uint64 % 1000 {a[3]}, "
          f"float32+float32 {a[4]}")
