"""Golden: a device function without a signature, specialised per call site like Numba does.

`clamp` is called with (int64, int64, int64), (float32, float32, float32) and
(float64, int64, int64) arguments: three instantiations with their own result types (int64,
float32, float64). `scale` has a declared signature float32(float32, float32): arguments of other
types are converted at the call (the float64 literal 2.5 becomes float32), and its result is a
float32 whatever the caller passes.
"""
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@cuda.jit("float32(float32, float32)", device=True)
def scale(x, factor):
    return x * factor


@cuda.jit("void(int64[:], float32[:], float64[:], int64[:], float32[:], float64[:], float64[:])")
def specialise(ints, f32, f64, out_int, out_f32, out_f64, out_scaled):
    i = cuda.grid(1)
    if i < ints.size:
        out_int[i] = clamp(ints[i], 0, 10)  # clamp(int64, int64, int64) -> int64
        out_f32[i] = clamp(f32[i], f32[0], f32[1])  # clamp(float32, float32, float32) -> float32
        out_f64[i] = clamp(f64[i], -1, 1)  # clamp(float64, int64, int64) -> float64 (unified)
        out_scaled[i] = scale(f64[i], 2.5)  # float64 argument converted to float32


if __name__ == "__main__":
    ints = np.array([-5, 3, 12, 10], dtype=np.int64)
    f32 = np.array([0.25, 0.75, 1.0, 0.5], dtype=np.float32)
    f64 = np.array([-3.0, 0.1, 7.0, 0.9], dtype=np.float64)
    out_int = cuda.device_array(4, dtype=np.int64)
    out_f32 = cuda.device_array(4, dtype=np.float32)
    out_f64 = cuda.device_array(4, dtype=np.float64)
    out_scaled = cuda.device_array(4, dtype=np.float64)
    specialise[1, 4](cuda.to_device(ints), cuda.to_device(f32), cuda.to_device(f64),
                     out_int, out_f32, out_f64, out_scaled)
    i_ = out_int.copy_to_host()
    f_ = out_f32.copy_to_host()
    d_ = out_f64.copy_to_host()
    s_ = out_scaled.copy_to_host()
    for i in range(4):
        print(f"clamp({ints[i]}, 0, 10) = {i_[i]}; clamp({f32[i]}, 0.25, 0.75) = {f_[i]}; "
              f"clamp({f64[i]}, -1, 1) = {d_[i]}; scale({f64[i]}, 2.5) = {s_[i]:.17g}")
