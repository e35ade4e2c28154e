# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_scalar_checks.py)
# A 2-D launch configured with tuples repeated by a count (`(16,) * 2`, `2 * (n,)`), and the
# checks a program makes of scalar results: np.allclose and np.array_equal of two scalars (a sum
# against its expected value; they did not compile), of a scalar and an array, of an array and a
# list mixing ints and floats (did not compile either), and float() of strings beyond double's
# range (Python's inf and 0.0, not a ValueError).
import numpy as np
from numba import cuda


@cuda.jit
def fill(m, value):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] = value * (i + 1) + j


n = 20
block = (16,) * 2
grid = 2 * ((n + 15) // 16,)
blocks = tuple((s + t - 1) // t for s, t in zip((n,) * 2, block))
m = np.zeros((n, n))
fill[grid, block](m, 0.5)
total = m.sum()
expected = sum(0.5 * (i + 1) + j for i in range(n) for j in range(n))
print(block, grid, blocks, (1, 2) * 2, (n,) * 0, total, expected)
print(np.allclose(total, expected), np.allclose(total, expected + 1e-3), np.allclose(1.0, 1.0 + 1e-9))
print(np.array_equal(3, 3), np.array_equal(np.float64(0.5), 0.5), np.array_equal(m[0, 0], 0.5),
      np.array_equal(m, 0.5), np.array_equal(float("nan"), float("nan"), equal_nan=True))
print(np.allclose(m[0, :3], [0.5, 1.5, 2.5]), np.allclose(m[1, :3], [1, 2, 3.000001]), np.array_equal(m[0, :2], [0.5, 1]),
      np.isclose(m[0, :2], [0.5, 2]))
print(float("1e400"), float("-1e400"), float("1e-400"), float("4e-320"), float(" 2.5e308 ") > 1e308)
