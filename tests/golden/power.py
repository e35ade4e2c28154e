"""Golden: the ** operator, whose result type depends on both operand types.

int ** int is int64, by repeated squaring; a negative exponent gives 0 unless the base is 1 or
-1. numba-cuda returns that result through a float64 (`1.0 / r if invert else r` unifies to
float64), so with a non-constant exponent a result beyond 2**53 is rounded: 3 ** 39 is
4052555153018976256, not ...267. float32 ** int stays float32, and a constant exponent is
unrolled into multiplications (x ** 2 is x * x, x ** -2 is 1 / (x * x)). float ** float is pow()
in the wider type, so float32 ** 0.5 is computed in double; int ** float is float64.
"""
# simulator-differs: f32_pow_float int_pow_rounded
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], int64[:], int64[:])")
def int_power(base, exponent, out):
    i = cuda.grid(1)
    if i < base.size:
        # int() is a no-op here (int64 stays int64); it lets the simulator, which runs this line
        # as Python on NumPy integers, accept the negative exponents as Python's ** does.
        out[i] = int(base[i]) ** int(exponent[i])


@cuda.jit("void(float32[:], float64[:], int32[:], float32[:], float64[:])")
def float_power(x32, x64, n, out32, out64):
    out32[0] = x32[0] ** 2  # float32, unrolled: x * x
    out32[1] = x32[0] ** 3
    out32[2] = x32[0] ** -2  # float32: 1 / (x * x)
    out32[3] = x32[0] ** n[0]  # float32 ** int32: float32, exponent known only at run time
    out64[0] = x32[1] ** 0.5  # float32 ** float64: pow in double
    out64[1] = x64[0] ** 1.5
    out64[2] = n[0] ** 0.5  # int32 ** float64: float64
    out64[3] = x64[0] ** -1  # float64 ** negative int literal
    out64[4] = x64[1] ** x64[2]  # negative base, fractional exponent: nan, as C's pow gives


if __name__ == "__main__":
    base = np.array([3, 2, -2, -3, 2, -1, -1, 1, 0, 7, 10, 3], dtype=np.int64)
    exponent = np.array([4, 62, 63, 3, -1, -3, -4, -7, 0, 0, 18, 39], dtype=np.int64)
    n = 12
    out = cuda.device_array(n, dtype=np.int64)
    int_power[1, 16](cuda.to_device(base), cuda.to_device(exponent), out)
    powers = out.copy_to_host()
    for i in range(n - 1):
        print(f"int: pow({base[i]}, {exponent[i]}) = {powers[i]}")
    print(f"int_pow_rounded: pow(3, 39) = {powers[n - 1]}")

    out32 = cuda.device_array(4, dtype=np.float32)
    out64 = cuda.device_array(5, dtype=np.float64)
    float_power[1, 1](cuda.to_device(np.array([1.5, 2.0], dtype=np.float32)),
                      cuda.to_device(np.array([2.25, -8.0, 1.0 / 3.0], dtype=np.float64)),
                      cuda.to_device(np.array([4], dtype=np.int32)), out32, out64)
    f32 = out32.copy_to_host()
    f64 = out64.copy_to_host()
    print(f"float32: 1.5 ** 2 = {f32[0]:.9g}, 1.5 ** 3 = {f32[1]:.9g}, 1.5 ** -2 = {f32[2]:.9g}, "
          f"1.5 ** 4 = {f32[3]:.9g}")
    print(f"f32_pow_float: float32(2) ** 0.5 = {f64[0]:.15f}")
    print(f"float64: 2.25 ** 1.5 = {f64[1]:.15f}, int32(4) ** 0.5 = {f64[2]:.15f}, "
          f"2.25 ** -1 = {f64[3]:.15f}")
    print(f"negative_base: pow(-8.0, 1/3) = {f64[4]}")
