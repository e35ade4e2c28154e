# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_dtype_name_loops.py)
# A loop over dtype names a kernel is tested with (for name in ("float32", "float64", "int32"):
# np.arange(5).astype(name), dtype=name, np.dtype(name)): unrolled, one copy of the body per
# name, where the name is also the string (formatted, upper(), compared, a dict key); a loop
# over other strings stays a loop. The name in a list or tuple is the str (quoted, ordered,
# found by `in`). A test each copy decides (`if name == "int8":`, `np.dtype(dt).kind == "i"` of a
# class) types only the arm that runs: np.iinfo of a float type in the other is no error.
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
