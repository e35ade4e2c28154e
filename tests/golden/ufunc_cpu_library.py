"""Golden: CPU ufuncs in a file without host code, a library for C++ callers (--header): a CPU
@vectorize with two signatures, one with target='parallel', and a CPU @guvectorize with two outputs.
Every signature is compiled, as Numba compiles a decorator's signatures: per signature a host
function and an entry point that casts its operands as NumPy does and runs NumPy's loop.

No host code: tests/ufunc/run_ufunc_oracle.py calls them from C++ (tests/ufunc/header_caller.cpp)
through the header and compares with Numba's CPU target.
"""
# oracle: whole-program (checked by tests/ufunc/run_ufunc_oracle.py, not case by case)
import math

from numba import guvectorize, vectorize


@vectorize(['float64(float64, float64)', 'int64(int64, int64)'])
def hypot_sq(x, y):
    return x * x + y * y


@vectorize(['float32(float32)'], target='parallel')
def softplus(x):
    return math.log1p(math.exp(-abs(x))) + max(x, 0)


@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n)->(),()', target='cpu')
def min_max(x, lo, hi):
    lo[0] = x[0]
    hi[0] = x[0]
    for v in x:
        lo[0] = min(lo[0], v)
        hi[0] = max(hi[0], v)
