# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_int_power.py; the @njit function runs compiled by Numba's CPU target)
# Integer powers in host code and in a CPU @jit function are exact (Python's ints while they
# fit int64, NumPy's and Numba's CPU wraparound past it), where a kernel's pass through
# float64 as numba-cuda's does: n ** 2 past 2**53, 3 ** e, np.int64 ** 40 wrapping, pow(),
# and what is computed from them (gcd, //, a checksum a kernel is compared with).
import math

import numpy as np
from numba import cuda, njit


@njit
def cpu_power(n, e):
    return n ** e


@cuda.jit
def square_mod(xs, m, out):
    i = cuda.grid(1)
    if i < xs.size:
        out[i] = (xs[i] * xs[i]) % m


n = 123456789
e = 39
b = np.int64(3)
print(n ** 2, n * n, 3 ** e, b ** e, np.int64(3) ** 40, pow(n, 2), pow(3, e))
print(math.gcd(3 ** e, 3 ** 30 * 2), np.int64(3 ** e) // 7, (n ** 2) % 1000003)
print(cpu_power(3, 39), cpu_power(123456789, 2), cpu_power(np.int64(3), 40), cpu_power(2, -1), cpu_power(-1, -3))
xs = np.array([n, 987654321, 3 ** 19], dtype=np.int64)
m = 1000003
out = np.zeros_like(xs)
square_mod[1, 32](xs, m, out)
print(out, [(int(x) ** 2) % m for x in xs], all(int(o) == (int(x) ** 2) % m for o, x in zip(out, xs)))
