# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""NumPy's elementwise functions in host code, around a kernel that fills the data: every
math ufunc family with NumPy 1.26's dtypes (float32 stays float32, int16 -> float32, ints
-> float64, bool results of predicates), scalars in and scalars out (never 0-d arrays),
np.where / np.clip / np.round with value-based promotion, out=, NumPy scalar arithmetic and
.item(), and np.random.default_rng(...) used directly."""
import math

import numpy as np
from numba import cuda


@cuda.jit
def ramp(out, scale):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (i - 4) * scale


def main():
    d = cuda.device_array(10, dtype=np.float64)
    ramp[1, 32](d, 0.75)
    a = d.copy_to_host()
    f = a.astype(np.float32)
    n = np.arange(-4, 6)
    s = np.arange(1, 6, dtype=np.int16)
    print(a)

    # rounding and clipping (value-based promotion of the bounds)
    print(np.round(a / 7, 2), np.around(a, 1), a.round(), f.round(1))
    print(np.round(n, -1), np.round(2.567, 2), np.round(np.float32(2.567), 2), np.round(7, -1))
    print(np.clip(a, -1, 2), a.clip(0, 1), np.clip(n, 1, 3.5), np.clip(s.astype(np.int8), 2, 300))
    print(np.clip(a, None, 0.5), np.clip(n, -2, None), np.clip(f, np.float32(-0.5), 1.5))

    # float ufuncs: float32 stays float32, int16 computes in float32, int64 in float64
    p = np.abs(a) + 1
    print(np.log1p(p), np.expm1(f / 4))
    print(np.log2(p), np.exp2(s), np.cbrt(n), np.fabs(n))
    print(np.arcsin(a / 4), np.arccos(f / 4), np.arctan(n))
    print(np.sinh(f), np.cosh(s), np.tanh(a), np.arcsinh(n), np.arccosh(p), np.arctanh(a / 5))
    print(np.deg2rad(n * 45), np.rad2deg(f), np.radians(90), np.degrees(np.pi))
    print(np.copysign(s, -1), np.logaddexp(a, 1.0), np.logaddexp2(f, f), np.heaviside(n, 0.5))
    print(np.nextafter(1.0, 2.0) - 1.0, np.nextafter(f, 0) == f)

    # dtype-keeping ufuncs, integer and float
    print(np.sign(a), np.sign(n), np.sign(-2.5), np.sign(np.uint8(3)), np.positive(n), np.square(s), np.square(True))
    print(np.reciprocal(f + 5), np.reciprocal(s), np.negative(s), np.absolute(n))
    print(np.fmax(a, np.nan), np.fmin(np.array([np.nan, 1.0]), 0.5), np.maximum(n, 2.5), np.minimum(s, 3))
    print(np.fmod(n, 3), np.fmod(a, -1.5), np.remainder(n, 3), np.mod(a, 1.5), np.floor_divide(n, 3))
    print(np.true_divide(n, 4), np.divide(s, s), np.power(s, 2), np.power(f, 0.5), np.subtract(s, 1))
    print(np.gcd(n, 6), np.lcm(s, 4), np.gcd(12, 18), np.bitwise_and(n, 3), np.bitwise_or(s, 8), np.bitwise_xor(n, -1))
    print(np.left_shift(s, 2), np.right_shift(n, 1), np.invert(s), np.bitwise_not(np.array([True, False])))

    # predicates
    bad = a / np.where(n == 0, 0.0, 1.0)
    print(np.isnan(bad).any(), np.isinf(bad), np.isfinite(bad).sum(), np.signbit(a), np.signbit(-0.0))
    print(np.isnan(a).any(), np.isnan(np.nan), np.isinf(1.0), np.isfinite(np.float32(2)))
    print(np.logical_and(a > 0, n < 4), np.logical_or(a > 2, a < -2), np.logical_xor(n > 0, n > 2), np.logical_not(a > 0))
    print(np.greater(a, 1), np.less_equal(n, 0), np.equal(s, 3), np.not_equal(f, 0), np.greater_equal(2, 1), np.less(1, 2))
    print(np.logical_and(1, 0), np.isclose(1.0, 1.0 + 1e-9), np.isclose(a, a + 1e-7), np.isclose(1.0, 2.0))

    # np.where(condition, x, y)
    c = a / 2
    print(np.where(c > 1.5, 1, 0), np.where(n > 0, a, -a), np.where(n % 2 == 0, f, 0), np.where(a > 0, s.sum(), 0.5))
    print(np.where(True, 1, 0), np.where(n > 0, n, 0) * 2)

    # out=
    r = np.empty_like(a)
    np.sqrt(np.abs(a), out=r)
    print(r)
    q = np.zeros(10, dtype=np.float32)
    back = np.add(f, 1, out=q)
    back[1] = 9
    print(q, back[0])
    np.multiply(n, 2, out=n)
    print(n)

    # scalars in, scalars out: NumPy scalar arithmetic and printing
    print(np.float32(1.5) * 2, np.float32(0.1) * 3, np.float32(0.1) + np.float32(0.2), np.float32(3) / np.float32(7))
    print(np.int32(5) + 1, np.int32(2**31 - 1) + np.int32(1), np.int8(100) * np.int8(3), np.uint8(3) - np.uint8(5))
    print(np.float64(2.5).item(), np.float32(0.1).item(), np.int32(7).item(), np.bool_(True).item(), int(np.float32(2.7)))
    print(np.sqrt(np.int16(3)), np.sqrt(4), np.maximum(2, 3.5), np.sin(np.float32(0.5)) * 2)
    print(float(np.float32(0.1)), np.float32(7) // np.float32(2), np.int64(7) // 2, np.int64(7) / 2, -np.int16(3))
    big = np.array([2**30, 3], dtype=np.int32)
    print(big[0] * big[1], big[0] + 1, f[5] * 2.0, f[5] * f[6], np.float32(1) / np.float32(0), np.uint8(200) + np.uint8(100))

    # np.random.default_rng used directly, and its other draws
    print(np.random.default_rng(1).standard_normal(3), np.random.default_rng(2).random())
    rng = np.random.default_rng(7)
    print(rng.normal(10.0, 2.0, size=3), rng.exponential(2.0, 4), rng.standard_exponential(2))
    print(np.random.default_rng(3).integers(0, 10, size=5), np.random.default_rng(4).exponential(size=(2, 2)))
    print(rng.choice(10, 5), rng.choice(a), rng.choice(a, (2, 2)), np.random.default_rng(5).choice(7, size=4))



def python_math(a):
    """Python's math module: CPython's double results (a float32 argument is a Python float)
    and its errors; the last call raises ValueError: math domain error."""
    x = np.float32(0.1)
    print(math.isclose(1.0, 1.0 + 1e-10, rel_tol=1e-9, abs_tol=0.0), math.isclose(1.0, 1.1), math.isclose(0.0, 1e-12, abs_tol=1e-9))
    print(math.sqrt(2), math.sqrt(x), math.exp(1.5), math.log(8, 2), math.log(100), math.log2(1024), math.log10(0.001))
    print(math.sin(1), math.cos(1), math.tan(1), math.asin(0.5), math.acos(0.5), math.atan(2), math.atan2(1, -1))
    print(math.sinh(1), math.cosh(1), math.tanh(1), math.asinh(1), math.acosh(2), math.atanh(0.5))
    print(math.erf(0.5), math.erfc(0.5), math.fabs(-3), math.degrees(1), math.radians(90))
    print(math.pow(2, 10), math.hypot(3, 4), math.copysign(2, -0.0), math.fmod(-7, 3), math.remainder(7, 4), math.nextafter(1, 2), math.ulp(1.0))
    print(math.ldexp(0.75, 4), math.frexp(12.0), math.modf(-3.25), math.cbrt(27), math.exp2(10), math.expm1(1e-10), math.log1p(1e-10))
    print(math.isnan(math.nan), math.isinf(-math.inf), math.isfinite(1e308), math.tau, math.e, math.pi, math.inf)
    print(math.factorial(20), math.gcd(12, 18), math.gcd(12, 18, 8), math.lcm(4, 6), math.comb(10, 3), math.perm(5, 2), math.perm(5), math.isqrt(99), math.isqrt(10**18))
    print(math.prod(a[1:]), math.prod((2, 3, 4)), math.prod((2, 3), start=2), math.fsum(np.full(10, 0.1)), sum(np.full(10, 0.1)), math.fsum((1e100, 1.0, -1e100)))
    print(math.floor(2.5), math.ceil(2.5), math.trunc(-2.5), math.gamma(5), math.lgamma(1), math.sqrt(a[2]), math.exp(a[3]))
    print(math.sqrt(-1))


def uint64_scalars(counts):
    # np.uint64 with a Python int or np.int64 gives float64 (no integer type holds both), also
    # through +=; with another uint64 it stays uint64.
    u = np.uint64(5)
    t = 0
    t += u
    total = 0
    total += counts.sum()
    print(u + 1, u * 2, u - u, u // 2, t, np.int64(3) + u, total, counts.sum() + counts.sum())


if __name__ == "__main__":
    main()
    uint64_scalars(np.arange(4, dtype=np.uint8))
    python_math(np.arange(5.0))  # ends in Python's ValueError
