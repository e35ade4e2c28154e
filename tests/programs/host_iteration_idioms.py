"""Host idioms around a kernel's results: the elements of an array reached by iteration are
NumPy scalars (for loops, comprehensions, zip(), enumerate(), builtin max()), so round(v, 3)
is NumPy's round (half to even after scaling: 0.0025 -> 0.002) and a division by a zero element
gives inf as NumPy's does (a RuntimeWarning on stderr, not compared); reshape() of a shape held
in a name or another array's shape; np.prod()/np.max() of a shape tuple; kernels zipped with
their launch configurations and enumerated; `ravel`/`flatten` with order="F";
itertools.product(repeat=2); a float32 array times an int literal beyond 16 bits is float64
(NumPy 1.x value-based casting); np.fromfunction with a lambda or a function, 1-D to 3-D."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, out, f):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * f


@cuda.jit
def negate2d(a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] = -a[i, j]


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


@cuda.jit
def ramp(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v * i


prices = np.array([2.5, 5.5, 7.5, 8.5, 0.0])
out = np.zeros_like(prices)
scale[1, 8](prices, out, 0.001)
ref = prices / 1000.0
print([round(out[i], 3) for i in range(4)])
print([round(v, 3) for v in out])
print([round(x, 3) for x, y in zip(out, ref)])
print([round(x, 3) for k, x in enumerate(out)])
print(round(max(out), 3), round(min(out[:4]), 3))
for v in out[:4]:
    print(round(v, 3), end=" ")
print()
grid = out[:4].reshape(2, 2)
for row in grid:
    print([round(v, 3) for v in row])
print([1.0 / d for d in out[::-1]][:2])
print([abs(g - r) / r for g, r in zip(out, ref)][-1])

shape = (3, 4)
m = np.arange(12.0).reshape(shape)
negate2d[(1, 1), (4, 4)](m)
print(m[2], np.prod(shape), np.prod(m.shape), np.max(shape))
like = np.ones(12).reshape(m.shape)
print(like.shape, (like + m).sum())
for shp in [(2, 3), (3, 2)]:
    b = np.arange(6.0).reshape(shp)
    negate2d[(1, 1), (4, 4)](b)
    print(shp, b.sum(), b[-1], np.prod(shp))

pipeline = [fill, ramp]
configs = [(1, 16), (2, 8)]
for kern, (blocks, threads) in zip(pipeline, configs):
    a = np.zeros(16)
    kern[blocks, threads](a, 1.5)
    print(blocks, threads, a.sum())
for step, kern in enumerate(pipeline):
    a = np.zeros(4)
    kern[1, 4](a, 2.0)
    print(step, a)
names = ["fill", "ramp"]
for name, kern, cfg in zip(names, pipeline, configs):
    a = np.zeros(8)
    kern[cfg](a, 0.5)
    print(name, cfg, a[-1])

# Column-major flattening (order='F'): the first index varies fastest.
t = np.zeros((2, 3), dtype=np.int64)
ramp[1, 8](t.reshape(6), 1)
print(t.ravel(order="F"), t.flatten("F"), np.ravel(t, order="F"), t.ravel(order="K"), t.flatten())

# A parameter sweep over every pair: itertools.product(..., repeat=2).
import itertools
for bx, by in itertools.product((1, 2), repeat=2):
    g = np.zeros(4)
    fill[bx, by](g, bx * 10 + by)
    print(bx, by, g[:bx * by])

# NumPy 1.x value-based casting: a float32 array with an int literal beyond 16 bits is float64.
t32 = np.zeros(3, dtype=np.float32)
ramp[1, 4](t32, np.float32(0.1))
print((t32 * 100).dtype, (t32 * 70000).dtype, (t32 * -40000).dtype, (t32 - 3).dtype, (t32 * True).dtype)
print(t32 * 100000, t32 * 1000)

# Test inputs built by np.fromfunction: f called once with the index grids.
def dist(r, c):
    return np.sqrt((r - 2) ** 2 + (c - 2) ** 2)

image = np.fromfunction(lambda r, c: r * 10 + c, (3, 4))
negate2d[(1, 1), (4, 4)](image)
print(image)
print(np.fromfunction(dist, (3, 3)).round(3), np.fromfunction(lambda i, j: i == j, (2, 2), dtype=int))
print(np.fromfunction(lambda i: i * i, (5,), dtype=np.int64), np.fromfunction(lambda i, j, k: i + j + k, (2, 2, 2)).sum())
