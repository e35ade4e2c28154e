# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_dtype_name_loops.py)
# A loop over dtype names a kernel is tested with (for name in ("float32", "float64", "int32"):
# np.arange(5).astype(name), dtype=name, np.dtype(name)): unrolled, one copy of the body per
# name, where the name is also the string (formatted, upper(), compared, a dict key); a loop
# over other strings stays a loop. The name in a list or tuple is the str (quoted, ordered,
# found by `in`). A test each copy decides (`if name == "int8":`, `np.dtype(dt).kind == "i"` of a
# class) types only the arm that runs: np.iinfo of a float type in the other is no error. Loops
# over module constants holding classes or names, and over enumerate() of names, unroll too.
import numpy as np
from numba import cuda

@cuda.jit
def scale(x, f):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] * f

results = {}
for name in ("float32", "float64", "int32"):
    x = np.arange(5).astype(name)
    scale[1, 32](x, 3)
    y = np.ones(2, dtype=name) / 3
    results[name] = float(x.sum())
    print(f"{name:>8}: {x} {x.dtype} {y.dtype} {np.dtype(name).itemsize} {name.upper()} {name == 'float32'}")
print(results)
rows = []
for name in ["int64", "float32"]:
    z = np.zeros(2, dtype=name)
    rows.append((name, z.dtype.itemsize))
    print([name], (name, 1), [name] * 2)
print(rows, rows[0] < rows[1], ("float32", 4) in rows, rows.index(("float32", 4)))
for word in ["alpha", "beta"]:
    print(word, len(word))

for name in ("int8", "float32"):
    z = np.zeros(3, dtype=name)
    if name == "int8":
        print(name, z, np.iinfo(name).max)
    else:
        print(name, z, np.finfo(name).eps)


def limits(dt):
    a = np.zeros(2, dtype=dt)
    scale[1, 32](a, 2)
    if np.dtype(dt).kind == "i":
        return float(np.iinfo(dt).max)
    return float(np.finfo(dt).max)


print(limits(np.int16), limits(np.float32))


CLASSES = (np.float32, np.int64)
NAMES = ("float32", "int64")
for dt in CLASSES:
    c = np.zeros(2, dtype=dt)
    scale[1, 32](c, 2)
    print(dt.__name__, c)
for name in NAMES:
    d = np.ones(2, dtype=name)
    scale[1, 32](d, 3)
    print(name, d)
for k, name in enumerate(["int16", "float64"]):
    e = np.full(2, k + 1, dtype=name)
    scale[1, 32](e, 5)
    print(k, name, e, e.dtype)
