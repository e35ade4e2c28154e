# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""range objects as values and reversed() in host code, around a kernel launched over them.

Python's values: `r = range(...)` held in a variable, len(r), r[i] (negative too), `x in r`
(ints, floats, a negative step), range equality, str/repr/f-string/%s, list(), sum/min/max,
sorted, np.array(range); reversed() of a list, a range, an array, a tuple, a dict and a
string, in for loops, comprehensions, list() and sum(); zip() and enumerate() of a string.
"""
import numpy as np
from numba import cuda


@cuda.jit
def gather(src, picks, out):
    i = cuda.grid(1)
    if i < picks.size:
        out[i] = src[picks[i]] * 10


def main():
    evens = range(0, 20, 2)
    print(evens, len(evens), evens[3], evens[-1], list(evens[k] for k in range(3)))
    down = range(10, 0, -3)
    print(down, len(down), list(down), down[0], down[-1])
    print(4 in down, 5 in down, 4.0 in down, 4.5 in down, -2 not in down, 10 in range(10))
    print(str(range(5)), repr(range(1, 5)), f"{down}", "%s" % (down,), range(0) == range(2, 2),
          range(3) == range(0, 3, 1), range(1, 4) != range(1, 5))
    print(sum(range(3, 10)), max(range(4)), min(range(1, 4)), sorted(down), sum(down) / len(down))
    print(np.array(range(5)), np.array(range(5)).dtype, np.array(down) * 2)
    print(list(zip(range(3), "abc")), list(enumerate("xy", 1)))

    total = 0
    for k in down:
        total += k
    print("total", total, [k * k for k in evens if k % 4 == 0])

    xs = [3, 1, 4, 1, 5]
    for x in reversed(xs):
        print(x, end=" ")
    print()
    for i in reversed(range(2, 10, 3)):
        print(i, end=" ")
    print()
    a = np.arange(5.0)
    print([v for v in reversed(a)], list(reversed(range(4))), [c for c in reversed("abc")], sum(reversed(xs)))
    for v in reversed((1, 2, 3)):
        print(v, end=" ")
    print()
    d = {"a": 1, "b": 2, "c": 3}
    for k in reversed(d):
        print(k, d[k], end="; ")
    print()
    for i, x in enumerate(reversed(xs)):
        print(i, x, end="; ")
    print([(a, b) for a, b in zip(reversed(range(3)), "xyz")])
    xs.append(9) if len(xs) < 6 else None
    xs.append(8) if len(xs) < 6 else xs.append(7)
    print(xs)
    n = 0
    for i in reversed(range(0)):
        n += 1
    print("empty", n)

    # A kernel launched over the picks a range and reversed() made.
    src = np.arange(16, dtype=np.int64)
    picks = np.array(list(reversed(range(1, 16, 4))), dtype=np.int64)
    out = np.zeros(picks.size, dtype=np.int64)
    gather[1, 32](src, picks, out)
    print(picks, out, out.sum() == 10 * sum(range(1, 16, 4)))

    try:
        print(evens[10])
    except IndexError as e:
        print("IndexError:", e)
    step = 0
    try:
        print(range(1, 5, step))
    except ValueError as e:
        print("ValueError:", e)


if __name__ == "__main__":
    main()
