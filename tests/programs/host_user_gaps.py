# oracle: whole-program (what new users wrote that py2cuda rejected: d.get(k) without a default,
# type() of reductions and events, dtype membership tests, dict copies, flags, broadcast fancy indexing)
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * 2


def describe(a):
    if a.dtype in (np.float32, np.float64):
        kind = "floating"
    elif a.dtype in [np.int32, np.int64]:
        kind = "integer"
    else:
        kind = "other"
    return f"{a.dtype}: {kind}, python-class match {a.dtype in (float, int)}"


def main():
    counts = {"a": 1, "b": 2}
    print(counts.get("c"))
    print(counts.get("a"))
    missing = counts.get("zz")
    print(missing is None, missing)
    for key in ["a", "q"]:
        v = counts.get(key)
        if v is None:
            print(key, "absent")
        else:
            print(key, "->", v + 10)
    print(f"get in an f-string: {counts.get('b')} {counts.get('x')}")

    a = np.arange(10, dtype=np.float32)
    b = np.arange(10)
    print(type(a.sum()).__name__, type(b.sum()).__name__, type(b.mean()).__name__, type(a.max()).__name__)
    print(type(np.sum(b.astype(np.int32))).__name__, type(a.std()).__name__)
    ev = cuda.event()
    st = cuda.stream()
    print(type(ev).__name__, type(st).__name__ in ("stream", "Stream"))
    for n in range(5):
        print(n, n in (1, 2, 4), n not in (0, 3), "mode" in ("fast", "mode"), 2.5 in (1, 2.5))

    print(a.dtype in (np.float32, np.float64), b.dtype in (np.float32, np.float64))
    print(a.dtype == np.float32, b.dtype == np.float32, b.dtype != np.float32)
    print(b.dtype in (float, int), a.dtype in (float, int), a.dtype not in (np.float64,))
    for arr in (a, b, b.astype(np.int32), a > 3):
        print(describe(arr))
    dt = np.float64
    print(dt in (np.float32, np.float64), dt in (int, bool))

    stats = {"name": "x", "n": 3, "mean": 1.5}
    same = dict(stats)
    other = stats.copy()
    same["n"] = 7
    other["name"] = "y"
    print(stats, same, other)
    print(stats.get("mean"), stats.get("nope"))

    out = np.zeros_like(a)
    scale[1, 32](a, out)
    print(out)
    m = np.arange(20).reshape(4, 5)
    print(a.flags.c_contiguous, a.flags.f_contiguous)
    print(m.flags.c_contiguous, m.flags.f_contiguous, m.T.flags.c_contiguous, m.T.flags.f_contiguous)
    print(m[:, 1].flags.c_contiguous, m[1:3].flags.c_contiguous)
    d = cuda.to_device(m)
    print(d.flags.c_contiguous, d[:, 1].flags.c_contiguous)

    r = np.array([0, 2])
    c = np.array([1, 3, 4])
    print(m[r[:, None], c])
    print(m[np.arange(3)[:, np.newaxis], np.array([0, 4])])
    m[r[:, None], c] = -1
    print(m)


main()
