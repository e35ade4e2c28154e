# oracle: whole-program (None as an argument and as a module constant: device functions with default None parameters, called with and without them, `is None` tests decided per instance as Numba's dead-branch pruning decides them by type; host functions with `out=None` rebinding the parameter to an array, `label if label is not None else ...`; a module-level name only ever None, read by a kernel and by host code)
"""The optional-argument idiom of NumPy-style APIs, in kernels and in the host code around them."""
import numpy as np
from numba import cuda

SCALE = None  # no scaling configured
CACHE = None


@cuda.jit(device=True)
def blend(x, weight=None):
    if weight is None:
        return x
    return x * weight


@cuda.jit(device=True)
def clamp(x, lo=None, hi=None):
    if lo is not None and x < lo:
        return lo
    if hi is not None and x > hi:
        return hi
    return x


@cuda.jit
def transform(a, out):
    i = cuda.grid(1)
    if i < a.size:
        v = blend(a[i]) + blend(a[i], 0.5)
        v += clamp(a[i], 2.0) + clamp(a[i], None, 3.0) + clamp(a[i], 1.0, 4.0)
        if SCALE is None:
            out[i] = v
        else:
            out[i] = v * SCALE


def scaled(a, out=None, factor=2.0):
    if out is None:
        out = np.empty_like(a)
    out[:] = a * factor
    return out


def describe(values, label=None):
    name = label if label is not None else "values"
    print(name, values.sum())


def lookup(table, key, default=None):
    if key in table:
        return table[key]
    if default is None:
        return -1
    return default


def main():
    a = np.arange(6, dtype=np.float64)
    out = np.zeros_like(a)
    transform[1, 8](a, out)
    print(out)
    doubled = scaled(a)
    into = np.zeros(6)
    tripled = scaled(a, into, 3.0)
    print(doubled, into, tripled)
    describe(a)
    describe(doubled, "doubled")
    table = {"a": 1, "b": 2}
    print(lookup(table, "a"), lookup(table, "z"), lookup(table, "z", 7))
    print(CACHE, CACHE is None, SCALE is not None)
    result = None
    if result is None:
        print("result unset:", result)


if __name__ == "__main__":
    main()
