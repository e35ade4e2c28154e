"""`f.py_func(...)`: the Python function a CPU @jit or device function was compiled from, called
from host code to check the compiled one, as the course's hypot and Monte Carlo lessons do
(`hypot.py_func(3.0, 4.0)`, `testing.assert_almost_equal(f(n), f.py_func(n), decimal=2)`); a
device function's py_func called on the host; both with keyword arguments and defaults."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math

import numpy as np
from numba import cuda, jit, njit
from numpy import testing


@jit(nopython=True)
def hypot(x, y):
    # Implementation from https://en.wikipedia.org/wiki/Hypot
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)


@njit
def harmonic(n, start=1):
    total = 0.0
    for k in range(start, n + 1):
        total += 1.0 / k
    return total


@cuda.jit(device=True)
def clamp(v, lo, hi):
    return max(lo, min(v, hi))


@cuda.jit
def clamp_all(a, lo, hi):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = clamp(a[i], lo, hi)


print(hypot(3.0, 4.0))
print(hypot.py_func(3.0, 4.0))
print(hypot.py_func(-5, 12))
testing.assert_almost_equal(harmonic(1000), harmonic.py_func(1000), decimal=2)
print("harmonic", round(harmonic.py_func(10), 6), harmonic.py_func(10, start=5) == harmonic(10, start=5))
a = np.array([-1.0, 0.25, 2.0, 0.75])
clamp_all[1, 8](a, 0.0, 1.0)
print(a, clamp.py_func(5, 0, 3), clamp.py_func(-2.5, -1.0, 1.0))
