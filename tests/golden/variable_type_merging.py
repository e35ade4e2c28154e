"""Golden: a variable's type where control flow merges.

Numba gives each assignment its own type, and unifies the types where paths meet (after an if,
at a loop's back edge): `s = 0` followed by `s += float32` in a loop makes s float64, so the sum
is exact here, while `acc`, which starts and stays float32, rounds at every step. int64 merged
with float64 is float64; int32 merged with int64 is int64; int64 merged with uint64 is float64.
"""
# simulator-differs: int_start_sum int32_loop
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], int32[:], uint64[:], int64[:], float64[:])")
def merge(f, i32, u64, i64, out):
    s = 0
    for k in range(f.size):
        s += f[k]  # int64 merged with float64 at the back edge: float64
    out[0] = s

    acc = f[0]
    for k in range(1, f.size):
        acc += f[k]  # float32 + float32: float32 throughout
    out[1] = acc

    x = 1
    if f[0] > 0:
        x = 2.5  # int64 merged with float64: float64
    out[2] = x / 2

    n = i32[0]
    for k in range(3):
        n = n + 1  # int32 merged with int64: int64, no overflow at 2**31
    out[3] = n

    v = u64[0]
    if i64[0] < 0:
        v = i64[0]  # uint64 merged with int64: float64
    out[4] = v


if __name__ == "__main__":
    f = np.array([16777216.0, 1.0, 1.0, 1.0, 1.0], dtype=np.float32)
    out = cuda.device_array(5, dtype=np.float64)
    merge[1, 1](cuda.to_device(f), cuda.to_device(np.array([2147483647], dtype=np.int32)),
                cuda.to_device(np.array([18446744073709551615], dtype=np.uint64)),
                cuda.to_device(np.array([-5], dtype=np.int64)), out)
    r = out.copy_to_host()
    print(f"int_start_sum: {r[0]:.1f}")
    print(f"float32_sum: {r[1]:.1f}")
    print(f"int_or_float: {r[2]}")
    print(f"int32_loop: {r[3]:.1f}")
    print(f"uint64_or_int64: {r[4]}")
