"""Numba's typing rules, which are neither C's nor NumPy's, made visible in kernel results.

Course: "Introduction to CUDA Python with Numba", How Numba Works (type inference) and Allowed
Python on the GPU (basic math operators). Every line printed is a case where a translation that
used C++'s rules, or NumPy's, would print something else:

  - integer arithmetic is done in 64 bits: int32 + int32 is int64; but -x on an int32 is
    negated in 32 bits before it widens to int64, so -(-2147483648) stays negative;
  - an int literal is int64 and a float literal float64, so float32 * 0.5 is float64, and a
    variable that starts as the int 0 and accumulates float32 values is float64;
  - // and % round toward negative infinity; an integer // or % by zero gives 0 on CUDA;
  - / is true division; int ** int is an int64 (a negative exponent gives 0 unless the base is
    +-1); float32 ** int stays float32; float32 ** float is float64;
  - round() rounds half to even and returns an int64; int() truncates toward zero;
  - math.floor and math.ceil return floats on CUDA, so ceil(-0.5) is -0.0;
  - min and max of two floats are CUDA's fmin / fmax: NaN is ignored and -0.0 is below 0.0;
    with three arguments, or an integer among them, they follow Python's algorithm (the first
    of equal values wins, a comparison with NaN is false);
  - a negative array index counts from the end.

The simulator runs kernels as plain Python on NumPy scalars, which follow NumPy's promotion rules
(int32 + int32 wraps, float32 * 0.5 stays float32), Python's math module (floor returns an int)
and Python's min and max.
The lines labelled below therefore print differently under NUMBA_ENABLE_CUDASIM=1; the expected
output holds what compiled Numba prints on a GPU (checked against Numba's CPU compiler with
numba-cuda's lowering modelled: tests/programs/tools/numba_check.py).
"""
# simulator-differs: int32_add uint32_sub f32_times_half f32_plus_one f32_sum f32_pow_half floor ceil
# simulator-differs: min_max_nan signed_zero
import math

import numpy as np
from numba import cuda


@cuda.jit("void(int32[:], int32, uint32, uint32[:], int64[:], int64[:], uint64[:])")
def integer_widths(a32, n32, u32, b32, a64, out, out_u):
    # The output arrays are 64-bit, so each result below is stored without narrowing.
    out[0] = a32[0] + a32[1]  # int32 + int32 is int64: 2147483647 + 1 does not wrap
    out[1] = n32 * n32  # int32 * int32 is int64
    out[2] = u32 + 1  # uint32 + int64 literal is int64
    out[3] = -a32[2]  # typed int64, but negated as int32 first: -(-2147483648) wraps
    out[4] = abs(a32[2])  # abs keeps int32: abs(-2147483648) wraps to itself
    out[5] = a64[0] + 1  # int64 overflow wraps (two's complement), it is not undefined
    out_u[0] = b32[0] - b32[1]  # uint32 - uint32 is uint64: 3 - 5 wraps modulo 2**64
    out_u[1] = -b32[2]  # typed uint64, negated as uint32 first: -1 is 2**32 - 1


@cuda.jit("void(int64[:], int64[:], int64[:], int64[:], float64[:], float64[:], float64[:], float64[:])")
def floor_division(a, b, q, r, x, y, fq, fr):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]
        fq[i] = x[i] // y[i]
        fr[i] = x[i] % y[i]


@cuda.jit("void(int64[:], float32[:], float64[:], float32[:])")
def true_division(a, f, out, out32):
    out[0] = a[0] / a[1]  # int / int is float64: 7 / 2 is 3.5
    out[1] = a[0] / a[2]  # int / 0 is inf (float division)
    out[2] = a[3] / a[2]  # 0 / 0 is nan
    out32[0] = f[0] / f[1]  # float32 / float32 stays float32


@cuda.jit("void(int64[:], int64[:], float32[:], float64[:], int64[:], float64[:])")
def powers(base, exponent, f32, f64, out_int, out_float):
    for i in range(base.size):
        # int() is a no-op for Numba (int64 stays int64); under the simulator it turns NumPy
        # integers into Python ints, whose ** accepts negative exponents.
        out_int[i] = int(base[i]) ** int(exponent[i])
    out_float[0] = f32[0] ** 2  # float32 ** int literal: float32, computed as x * x
    out_float[1] = f32[0] ** -2  # float32 ** negative int: 1 / (x * x)
    out_float[2] = f32[1] ** 0.5  # float32 ** float64 is float64: pow in double
    out_float[3] = f64[0] ** 0.5
    out_float[4] = base[0] ** 0.5  # int ** float is float64


@cuda.jit("void(float32[:], int32[:], float64[:])")
def float_promotion(f, i32, out):
    out[0] = f[0] * 0.5  # float32 * float64 literal is float64: half of the smallest subnormal
    out[1] = f[1] + 1  # float32 + int64 literal is float64: 16777216 + 1 is exact
    out[2] = f[1] + f[2]  # float32 + float32 stays float32: 16777216 + 1 rounds to even
    out[3] = i32[0] * f[2]  # int32 * float32 is float64: 16777217 survives
    s = 0  # int here, float64 after the loop: the types merged at the loop's back edge
    for k in range(1, f.size):
        s += f[k]
    out[4] = s


@cuda.jit("void(float64[:], int64[:], int64[:], float64[:], float64[:])")
def rounding(x, rounded, truncated, floors, ceils):
    i = cuda.grid(1)
    if i < x.size:
        rounded[i] = round(x[i])  # half to even
        truncated[i] = int(x[i])  # toward zero
        floors[i] = math.floor(x[i])  # a float on CUDA
        ceils[i] = math.ceil(x[i])


@cuda.jit("void(float64[:], int32[:], float64[:])")
def min_max(x, i32, out):
    nan = x[0]
    out[0] = min(nan, 1.0)  # two floats: fmin, NaN ignored
    out[1] = min(1.0, nan)
    out[2] = max(nan, 1.0)
    out[3] = max(1.0, nan)
    out[4] = max(1.5, nan, 2.5)  # three arguments: Python's algorithm (nan > 1.5 is false)
    # fmax: -0.0 is below 0.0. Operands from memory: with two literals NVVM folds max(-0.0, 0.0)
    # at compile time to -0.0 (measured on an H200, under Numba and py2cuda alike).
    out[5] = max(x[2], x[3])
    out[6] = min(x[3], x[2])
    out[7] = min(i32[0], x[1])  # int32 with float64: Python's algorithm, in float64


@cuda.jit("void(float32[:], float32[:, :], float32[:])")
def negative_index(a, m, out):
    t = cuda.threadIdx.x
    i = t - 4  # -4 .. 3
    out[t] = a[i] + m[-1, i]


if __name__ == "__main__":
    # Integer widths.
    a32 = np.array([2147483647, 1, -2147483648], dtype=np.int32)
    b32 = np.array([3, 5, 1], dtype=np.uint32)
    a64 = np.array([9223372036854775807], dtype=np.int64)
    out = cuda.device_array(6, dtype=np.int64)
    out_u = cuda.device_array(2, dtype=np.uint64)
    integer_widths[1, 1](cuda.to_device(a32), 100000, 4294967295, cuda.to_device(b32), cuda.to_device(a64),
                         out, out_u)
    ints = out.copy_to_host()
    uints = out_u.copy_to_host()
    print(f"int32_add: 2147483647 + 1 = {ints[0]}")
    print(f"int32_mul: 100000 * 100000 = {ints[1]}")
    print(f"uint32_plus_literal: 4294967295 + 1 = {ints[2]}")
    print(f"neg_int32: -(-2147483648) = {ints[3]}")
    print(f"abs_int32: abs(-2147483648) = {ints[4]}")
    print(f"int64_wrap: 9223372036854775807 + 1 = {ints[5]}")
    print(f"uint32_sub: 3 - 5 = {uints[0]}")
    print(f"neg_uint32: -uint32(1) = {uints[1]}")

    # Floor division and modulo, integer and float, with negative and zero divisors.
    a = np.array([7, -7, 7, -7, 7, -7, 0], dtype=np.int64)
    b = np.array([2, 2, -2, -2, 0, 0, 5], dtype=np.int64)
    x = np.array([7.5, -7.5, 7.5, -7.5, 1.0, -1.0, 0.0], dtype=np.float64)
    y = np.array([2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 5.0], dtype=np.float64)
    n = 7
    q = cuda.device_array(n, dtype=np.int64)
    r = cuda.device_array(n, dtype=np.int64)
    fq = cuda.device_array(n, dtype=np.float64)
    fr = cuda.device_array(n, dtype=np.float64)
    floor_division[1, 32](cuda.to_device(a), cuda.to_device(b), q, r, cuda.to_device(x), cuda.to_device(y),
                          fq, fr)
    q_host = q.copy_to_host()
    r_host = r.copy_to_host()
    fq_host = fq.copy_to_host()
    fr_host = fr.copy_to_host()
    for i in range(n):
        print(f"int_floordiv: {a[i]} // {b[i]} = {q_host[i]}, {a[i]} % {b[i]} = {r_host[i]}")
    for i in range(n):
        print(f"float_floordiv: {x[i]:.1f} // {y[i]:.1f} = {fq_host[i]:.1f}, "
              f"{x[i]:.1f} % {y[i]:.1f} = {fr_host[i]:.1f}")

    # True division.
    out = cuda.device_array(3, dtype=np.float64)
    out32 = cuda.device_array(1, dtype=np.float32)
    true_division[1, 1](cuda.to_device(np.array([7, 2, 0, 0], dtype=np.int64)),
                        cuda.to_device(np.array([1.0, 3.0], dtype=np.float32)), out, out32)
    quotients = out.copy_to_host()
    quotient32 = out32.copy_to_host()
    print(f"int_truediv: 7 / 2 = {quotients[0]:.1f}, 7 / 0 = {quotients[1]}, 0 / 0 = {quotients[2]}")
    print(f"f32_truediv: float32(1) / float32(3) = {quotient32[0]:.9f}")

    # Powers.
    base = np.array([3, 2, -2, 2, -1, 1, -1], dtype=np.int64)
    exponent = np.array([4, 62, 3, -1, -3, -7, 0], dtype=np.int64)
    out_int = cuda.device_array(7, dtype=np.int64)
    out_float = cuda.device_array(5, dtype=np.float64)
    powers[1, 1](cuda.to_device(base), cuda.to_device(exponent),
                 cuda.to_device(np.array([3.0, 2.0], dtype=np.float32)),
                 cuda.to_device(np.array([2.25], dtype=np.float64)), out_int, out_float)
    pow_int = out_int.copy_to_host()
    pow_float = out_float.copy_to_host()
    for i in range(7):
        print(f"int_pow: pow({base[i]}, {exponent[i]}) = {pow_int[i]}")
    print(f"f32_pow_int: float32(3) ** 2 = {pow_float[0]:.1f}, float32(3) ** -2 = {pow_float[1]:.9f}")
    print(f"f32_pow_half: float32(2) ** 0.5 = {pow_float[2]:.12f}")
    print(f"f64_pow_half: 2.25 ** 0.5 = {pow_float[3]:.12f}, 3 ** 0.5 = {pow_float[4]:.12f}")

    # Float promotion.
    f = np.array([1.0e-45, 16777216.0, 1.0, 1.0, 1.0, 1.0], dtype=np.float32)
    out = cuda.device_array(5, dtype=np.float64)
    float_promotion[1, 1](cuda.to_device(f), cuda.to_device(np.array([16777217], dtype=np.int32)), out)
    promoted = out.copy_to_host()
    print(f"f32_times_half: float32(1e-45) * 0.5 = {promoted[0]:.6e}")
    print(f"f32_plus_one: float32(16777216) + 1 = {promoted[1]:.1f}")
    print(f"f32_plus_f32: float32(16777216) + float32(1) = {promoted[2]:.1f}")
    print(f"int32_times_f32: int32(16777217) * float32(1) = {promoted[3]:.1f}")
    print(f"f32_sum: 0 + 16777216 + 1 + 1 + 1 + 1 = {promoted[4]:.1f}")

    # Rounding.
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.7, -2.7, -0.0], dtype=np.float64)
    n = 9
    rounded = cuda.device_array(n, dtype=np.int64)
    truncated = cuda.device_array(n, dtype=np.int64)
    floors = cuda.device_array(n, dtype=np.float64)
    ceils = cuda.device_array(n, dtype=np.float64)
    rounding[1, 32](cuda.to_device(x), rounded, truncated, floors, ceils)
    rounded_host = rounded.copy_to_host()
    truncated_host = truncated.copy_to_host()
    floors_host = floors.copy_to_host()
    ceils_host = ceils.copy_to_host()
    for i in range(n):
        print(f"round: round({x[i]:.1f}) = {rounded_host[i]}, int({x[i]:.1f}) = {truncated_host[i]}")
    for i in range(n):
        print(f"floor: floor({x[i]:.1f}) = {floors_host[i]:.1f}")
    for i in range(n):
        print(f"ceil: ceil({x[i]:.1f}) = {ceils_host[i]:.1f}")

    # min and max.
    out = cuda.device_array(8, dtype=np.float64)
    min_max[1, 1](cuda.to_device(np.array([np.nan, 2.5, -0.0, 0.0], dtype=np.float64)),
                  cuda.to_device(np.array([3], dtype=np.int32)), out)
    m = out.copy_to_host()
    print(f"min_max_nan: min(nan, 1.0) = {m[0]}, min(1.0, nan) = {m[1]}, "
          f"max(nan, 1.0) = {m[2]}, max(1.0, nan) = {m[3]}")
    print(f"max_three: max(1.5, nan, 2.5) = {m[4]}")
    print(f"signed_zero: max(-0.0, 0.0) = {m[5]}, min(0.0, -0.0) = {m[6]}")
    print(f"min_mixed: min(int32(3), 2.5) = {m[7]}")

    # Negative indices.
    vector = np.arange(8, dtype=np.float32)
    matrix = (np.arange(24, dtype=np.float32) * 10).reshape(3, 8)
    out = cuda.device_array(8, dtype=np.float32)
    negative_index[1, 8](cuda.to_device(vector), cuda.to_device(matrix), out)
    wrapped = out.copy_to_host()
    for t in range(8):
        print(f"negative_index: a[{t - 4}] + m[-1, {t - 4}] = {wrapped[t]:.1f}")
