"""Writes tests/runtime/round_ndigits_cases.txt: round(x, ndigits) as Numba's CUDA target computes it.

The CPU target cannot be the oracle here: it rounds with rint in x's own type
and has no ties-to-even correction, while numba-cuda's round_to_impl
(numba_cuda/numba/cuda/cudaimpl.py) follows CPython's fallback double_round:
float64 arithmetic, round() lowered to __nv_llrint (ties to even, saturating at
the int64 limits, NaN -> -2**63), then a halfway correction. The expectations come
from that algorithm evaluated here with IEEE float64 (what the GPU computes for these
operations), from first principles. Checked against compiled numba-cuda on an H200
(2026-11-26): round(0.0, 400) is -0.0 there (0 * 10**378 is NaN, llrint(NaN) is -2**63),
round(5e-324, 400) is 5e-324, round(x, -400) is NaN, as this model gives.
Each line: x (float.hex), ndigits, float64 result (hex), float32 result (hex).
    python tests/runtime/gen_round_ndigits_cases.py > tests/runtime/round_ndigits_cases.txt
"""
import math

import numpy as np

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def llrint(y):
    if math.isnan(y):
        return INT64_MIN  # what the hardware gives (measured), not the PTX manual's 0
    if y >= 2.0**63:
        return INT64_MAX
    if y < -(2.0**63):
        return INT64_MIN
    return round(y)  # Python's round of a float is ties-to-even, like rint


def int_power(base, exp):
    """float ** int as Numba compiles it: exact repeated squaring in float64."""
    result, b, e = 1.0, base, abs(exp)
    while e:
        if e & 1:
            result *= b
        b *= b
        e >>= 1
    return 1.0 / result if exp < 0 else result


def cuda_round_ndigits(x, ndigits):
    x = float(x)
    if math.isinf(x) or math.isnan(x):
        return x
    if ndigits >= 0:
        if ndigits > 22:
            pow1, pow2 = int_power(10.0, ndigits - 22), 1e22
        else:
            pow1, pow2 = int_power(10.0, ndigits), 1.0
        y = (x * pow1) * pow2
        if math.isinf(y):
            return x
    else:
        pow1 = int_power(10.0, -ndigits)
        y = x / pow1
    z = float(llrint(y))
    if math.fabs(y - z) == 0.5:
        z = 2.0 * float(llrint(y / 2.0))
    if ndigits >= 0:
        z = (z / pow2) / pow1
    else:
        z *= pow1
    return z


XS = [2.675, 0.125, 0.375, -2.5, -0.5, 1234.5678, -98765.4321, 1e300, -1e300, 5e-324, 0.5, 1.5, 2.5,
      1e22, 123456789.123456789, float("inf"), float("-inf"), float("nan"), 0.0, -0.0, 7.0e-5]
NS = [-30, -5, -2, -1, 0, 1, 2, 3, 8, 22, 23, 30, 400]
print("# round(x, ndigits) on Numba's CUDA target, from first principles (see the generator): x ndigits f64 f32")
with np.errstate(over="ignore"):
    for x in XS:
        for n in NS:
            d = cuda_round_ndigits(x, n)
            f = float(np.float32(cuda_round_ndigits(float(np.float32(x)), n)))
            print(float(x).hex(), n, float(d).hex(), f.hex())
