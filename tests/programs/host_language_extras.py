# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Host-code Python that course programs use around their kernels: a kernel tested for
# several dtypes in one loop, names holding NumPy types, loops over values of mixed
# types, starred arguments, comprehensions over the rows of a 2-D array, for/while-else.
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * factor


@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + y[i]


@cuda.jit
def first_negative(a, out):
    # for ... else in a kernel: out[0] is the index of the first negative value, or -1.
    for i in range(a.size):
        if a[i] < 0:
            out[0] = i
            break
    else:
        out[0] = -1


def describe(label, value, unit):
    return label + "=" + str(value) + unit


# One kernel, one specialisation per element type, as Numba compiles them.
for dt in (np.float32, np.float64, np.int32):
    a = np.arange(6, dtype=dt)
    scale[1, 32](a, 3)
    print(dt.__name__, a, a.dtype, a.dtype == dt, dt(7) / dt(2))

for dtype in [np.int64, np.uint8]:
    b = np.ones(4, dtype=dtype) * 5
    print(dtype, b.sum(), np.zeros(2, dtype=dtype))

DTYPE = np.float32
c = np.linspace(0, 1, 5).astype(DTYPE)
print(DTYPE.__name__, c, c.dtype.name, DTYPE == np.float32, c.dtype != np.float64)

for v in (1, 2.5, True, "text"):
    print(v, type(v).__name__)

for name, value in [("count", 3), ("ratio", 0.25)]:
    print(name, value)

args = (np.arange(4.0), np.ones(4), np.zeros(4))
add[1, 32](*args)
print(args[2])
grid = (1, 32)
out = np.zeros(4)
add[grid[0], grid[1]](*(np.arange(4.0), np.full(4, 2.0), out))
print(out)

m = np.arange(12, dtype=np.int64).reshape(3, 4)
print(*m.shape, sep="x")
print("shape:", *m.shape)
xs = [3, 1, 4, 1, 5]
print(*xs)
print(*xs, sep=", ", end=".\n")
print(*np.array([0.5, 1.5]), sep=" | ")
print("empty:", *[x for x in xs if x > 10], "end")
parts = ("n", 12, " items")
print(describe(*parts))

print([row.sum() for row in m])
print([int(row.max()) - int(row.min()) for row in m[1:]])
print(sum(row[0] for row in m))

for target in (4, 7):
    for k, x in enumerate(xs):
        if x == target:
            print("found", target, "at", k)
            break
    else:
        print(target, "not found")

n = 0
while n < 3:
    n += 1
    if n == 10:
        break
else:
    print("while ended", n)

head, *tail = xs
*init, last = xs
print(head, tail, init, last)
rows, *_ = m.shape
h, *mid, t = (1, 2.5, "s", 4)
print(rows, _, h, mid, t)
try:
    b1, b2, *b3 = [1]
except ValueError as e:
    print("ValueError:", e)

found = np.zeros(1, dtype=np.int64)
for values in (np.array([3.0, -1.0, -2.0]), np.array([1.0, 2.0])):
    first_negative[1, 1](values, found)
    print("first negative:", found[0])
