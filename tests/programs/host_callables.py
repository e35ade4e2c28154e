# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Host code as new users write it around a kernel: key= of sorted/list.sort/min/max with lambdas,
# named functions, d.get and len (stable, reverse=True keeping ties in order), dicts and their
# views sorted, lambdas assigned to names and called with two types, tuples (the empty tuple,
# tuple() of ranges and lists, concatenation, comparisons, sorted lists of tuples), type() and
# type().__name__ of ints, floats and bools from literals, len(), math, array elements and
# methods, and names rebound to numbers of another type (straight-line and as a loop target).
import math
import time

import numpy as np
from numba import cuda


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i * 3 % 7


def by_second(t):
    return t[1]


def launch(n):
    out = np.zeros(n, dtype=np.int64)
    fill[1, 32](out)
    return out


def main():
    out = launch(8)
    xs = [(i, int(out[i])) for i in range(8)]
    print(sorted(xs, key=lambda t: t[1]))
    print(sorted(xs, key=by_second, reverse=True))
    print(sorted(xs, key=lambda t: (t[1] % 2, -t[0])))
    ys = [3, 1, 2, 5, 4]
    ys.sort(key=lambda v: -v)
    print(ys)
    ys.sort(key=lambda v: v % 2, reverse=True)
    print(ys)
    ys.sort(reverse=False, key=None)
    print(ys)
    d = {"a": 3, "b": 7, "c": 5, "d": 7}
    print(max(d, key=d.get), min(d, key=d.get), sorted(d), sorted(d.values()), list(d.items()))
    pairs = [(2.5, "x"), (1.5, "y"), (3.5, "z")]
    print(min(pairs, key=lambda p: p[0]), max(pairs, key=lambda p: p[0]), max(pairs), min(pairs))
    print(sorted(d.items(), key=lambda kv: kv[1], reverse=True))
    print([k for k, v in sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))])
    names = ["bob", "al", "christine", "eve"]
    print(sorted(names, key=len), max(names, key=len), min(names, key=len), sorted(names, key=len, reverse=True))
    scale = 3
    f = lambda x: x * scale
    add = lambda a, b=10: a + b
    print(f(3), f(2.5), add(1), add(1, 2), sorted(ys, key=f))
    scale = 4
    print(f(1))

    e = ()
    print(e, len(e), e == (), tuple())
    t = (1, 2) + (3,)
    print(t, len(t), t + e, t == (1, 2, 3), t < (1, 3), (1, "b") > (1, "a"), (2.5, 1) <= (2.5, 1), t != (1, 2))
    u = tuple(range(4))
    w = tuple([1.5, 2.5])
    print(u, w, tuple(range(2, 10, 3)), tuple(range(5, 0, -2)), tuple(t), u[1], u[-1], len(u))
    first, second = w
    print(first + second, sorted([(2, "b"), (1, "z"), (2, "a")]), max([(1, 2), (1, 3)]), min([(3, 1), (2, 5)]))

    a = out.astype(np.float64)
    x = 5
    y = 2.5
    b = x > 3
    n = len(a)
    s = a.sum()
    elem = a[2]
    g = int(elem)
    m = math.sqrt(x)
    k = 0
    for i in range(3):
        k += i
    c = a[1] > 0
    t0 = time.perf_counter()
    print(type(x), type(y), type(b), type(x).__name__, type(y).__name__, type(b).__name__)
    print(type(n), type(s), type(elem), type(elem * 2), type(g), type(a.size), type(t0), type(m), type(k), type(c), type(i))
    print(type(x + 1), type(y * elem), type(a.shape[0]), type(a.mean()), type(a[0].item()), type(not c), type(x < y))

    x = 3
    print(x)
    x = 2.5
    print(x)
    x = "three"
    print(x)
    count = 10
    for count in [1.5, 2.5]:
        print(count)
    rows = [(trial, trial * 100, trial / 4) for trial in range(3)]
    for trial, count, frac in rows:
        print(f"{trial:>3d} {count:>5d} {frac:6.2f}")
    print(count, frac)


if __name__ == "__main__":
    main()
