"""Host idioms from course notebooks that py2cuda rejected or failed to build: arithmetic and
comparisons between arrays and lists (`pts * 0.3 + [3, 3]`, `np.arange(3) * [1, 2, 3]`, `a > [1,
1, 2, 2]`); `np.asarray(d)` and `np.array(d)` of a device array (its host copy); a CPU
`@vectorize` whose body rebinds a parameter to an int (`if t < 0: t = 0`); a loop over dtypes
nested in a loop over sizes binding a result array of each dtype (the name reused by later
loops, and read after them); `f(*divmod(a, b))` and `print(*np.nonzero(m))`, a call's tuple
spread into arguments; `np.random.sample` and `np.random.ranf` (random_sample's other names);
`np.split(A, A.size // 2e0)` with a float count; `zip(*np.nonzero(mask))` in a for loop, a
comprehension and `list()`; `sum()` of arrays (a generator of stencil slices, a list of bool
arrays)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, vectorize


@cuda.jit
def fill(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v * (i + 1)


@vectorize(["float32(float32, float32)", "float64(float64, float64)"])
def clamp_add(a, t):
    if t < 0:
        t = 0
    return a + t


def run_case(n, dtype):
    out = np.zeros(n, dtype=dtype)
    fill[1, 8](out, dtype(1.5))
    return out, float(out.sum())


def combine(quotient, remainder):
    return quotient * 100 + remainder


rng = np.random.RandomState(0)
pts = rng.randn(4, 2) * 0.3 + [3, 3]
print(np.round(pts, 3))
print(np.arange(3) * [1, 2, 3], (np.ones(2, dtype=np.float32) * [1, 2]).dtype)
a = np.arange(4)
print(a > [1, 1, 2, 2], a - [0.5, 0.5, 0.5, 0.5], [10, 20, 30, 40] - a)

d = cuda.device_array(6)
fill[1, 8](d, 0.5)
print(np.asarray(d)[-3:], np.array(d).sum(), np.asarray(d, dtype=np.float32).dtype)

x = np.ones(3, dtype=np.float32)
t = np.array([-1.0, 0.5, 2.0], dtype=np.float32)
print(clamp_add(x, t), clamp_add(np.ones(2), np.array([-3.0, 4.0])))

for n in (2, 4):
    for dt in (np.float32, np.float64):
        out, s = run_case(n, dt)
        print(n, out.dtype, out, s)

print(combine(*divmod(1234, 100)))
m = np.array([[0, 2], [3, 0]])
print(*np.nonzero(m))

np.random.seed(7)
samples = np.array(np.random.sample(3), dtype=np.float32)
print(samples, np.random.ranf(2))
A = np.arange(8.0)
chunk = 2e0
for part in np.split(A, A.size // chunk):
    fill[1, 4](part, 1.0)
    print(part)

mask = np.array([[0, 1, 0], [1, 0, 1]])
for r, c in zip(*np.nonzero(mask)):
    print("cell", r, c)
print(list(zip(*np.nonzero(mask))), [(int(r), int(c)) for r, c in zip(*np.where(mask > 0))])
try:
    np.split(np.zeros(4), 2.5)
except ValueError as e:
    print("ValueError:", e)

grid = np.arange(16, dtype=np.float32).reshape(4, 4)
padded = np.pad(grid, 1)
stencil = sum(padded[i:i + 4, 1:5] for i in range(3))
print(stencil, stencil.dtype)
flags = [np.array([True, False]), np.array([True, True])]
counts = sum(flags)
print(counts, counts.dtype, sum([np.arange(3, dtype=np.int8)] * 3).dtype)
print(sum(w * grid[0] for w in (0.5, 0.25)))

for n in (2, 3):
    for dt in (np.float32, np.float64, np.int32):
        row = np.zeros(n, dtype=dt) + 1.5
        print(n, row.dtype, row.sum())
print("last", row, row.dtype)
for dt in (np.float32, np.float64):
    row = np.ones(2, dtype=dt) / 3
    print(row.dtype, row[0])
