"""Golden: a store into an array converts the value to the element type silently.

float64 into float32 rounds once (to nearest even); float into an integer array truncates toward
zero; an int too large for float32 rounds; any nonzero number stored into a boolean array is
True. Compound assignment computes in the promoted type and converts on the
store: int32_array[i] += 2.7 adds in float64 and truncates. Out-of-range float to int
conversions are undefined (and absent here); integer narrowing is in narrowing_stores.py.
"""
# simulator-differs: f32_times_tenth
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], int64[:], float32[:], int32[:], boolean[:], float64[:])")
def convert(d, n, f32, i32, flags, f64):
    i = cuda.grid(1)
    if i < d.size:
        f32[i] = d[i]  # rounds to float32
        i32[i] = d[i]  # truncates toward zero
        flags[i] = d[i]  # nonzero -> True
        f64[i] = n[i]  # int64 to float64: exact below 2**53
        i32[i] += 2.7  # (int32 + float64) truncated back to int32
        f32[i] *= 0.1  # (float32 * float64) rounded back to float32


if __name__ == "__main__":
    d = np.array([0.1, 2.7, -2.7, 16777217.0, 0.0, -0.0, 1e-50], dtype=np.float64)
    n = np.array([1, -7, 9007199254740993, 16777217, 0, 5, 6], dtype=np.int64)
    size = 7
    f32 = cuda.device_array(size, dtype=np.float32)
    i32 = cuda.device_array(size, dtype=np.int32)
    flags = cuda.device_array(size, dtype=np.bool_)
    f64 = cuda.device_array(size, dtype=np.float64)
    convert[1, 8](cuda.to_device(d), cuda.to_device(n), f32, i32, flags, f64)
    a = f32.copy_to_host()
    b = i32.copy_to_host()
    c = flags.copy_to_host()
    e = f64.copy_to_host()
    for i in range(size):
        print(f"store: {d[i]} -> int32 + 2.7 = {b[i]}, bool {c[i]}; {n[i]} -> float64 {e[i]:.17g}")
    # float32(0.1) * 0.1 is computed in float64 and rounded once: 0.00999999978. The simulator
    # multiplies in float32 (NumPy's rules) and so prints 0.0100000007.
    for i in range(size):
        print(f"f32_times_tenth: float32({d[i]}) * 0.1 = {a[i]:.9g}")
