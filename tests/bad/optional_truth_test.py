# expect: 18:8: error: the truth value of OptionalType(float64) (a value or None) is not defined in Numba; test 'is not None' or compare the value
# Testing an Optional result for truth: Numba has no bool() of an OptionalType
# (and 0.0 would be false too); the test must be `is not None`.
from numba import cuda


@cuda.jit(device=True)
def safe_div(a, b):
    if b == 0:
        return None
    return a / b


@cuda.jit("void(float64[:], float64[:], float64[:])")
def ratios(x, y, out):
    i = cuda.grid(1)
    r = safe_div(x[i], y[i])
    if r:
        out[i] = r
