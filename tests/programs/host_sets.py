# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Python sets in host code around kernels: the distinct values a kernel wrote, displays and
# comprehensions, the operators and their in-place forms, the methods, subset comparisons,
# sets held by a class, a dict of sets and a module constant. Sets print and iterate in
# CPython's hash-table order, which adds, removes, pops and each operation decide.
import numpy as np
from numba import cuda

KNOWN_OPS = {"sum", "max", "min"}


@cuda.jit
def bucket(values, out):
    i = cuda.grid(1)
    if i < values.size:
        out[i] = values[i] % 7


@cuda.jit
def scale(xs, factor):
    i = cuda.grid(1)
    if i < xs.size:
        xs[i] = xs[i] * factor


class Tracker:
    def __init__(self):
        self.seen = set()

    def record(self, v):
        self.seen.add(v)
        return len(self.seen)


def distinct(values):
    return len(set(values))


def collect(values):
    out = set()
    for v in values:
        out.add(v)
    return out


def multiples(k):
    return {x for x in range(20) if x % k == 0}


def main():
    values = np.arange(40, dtype=np.int64) * 3
    out = np.zeros_like(values)
    bucket[2, 32](values, out)
    seen = set()
    for f in out:
        seen.add(int(f))
    print(seen, len(seen), 3 in seen, 9 not in seen, bool(seen))
    evens = {x for x in seen if x % 2 == 0}
    odds = set(x for x in seen if x % 2 == 1)
    print(evens, odds, evens | odds, evens & {0, 2, 99}, seen - evens, evens ^ {0, 100})
    print(sorted(seen, reverse=True), sum(seen), max(seen), min(seen), list(odds))
    print(distinct(out), distinct(out.tolist()), sorted(collect(out)), set(np.unique(out)))

    # Large values and negatives land by CPython's probing and resizing, not by size.
    s = {10240, -25}
    s |= {96, 33, 34, 32, 25600}
    print(s)
    s -= {33}
    s &= {96, 34, 10240, 7}
    print(s, s <= {96, 34, 10240, 1}, s < s, s == {34, 96, 10240}, s != {1})
    t = s.copy()
    t.add(5)
    t.discard(1000)
    t.remove(96)
    print(t, s, t.pop(), t, t.isdisjoint([1, 2]), t.issubset(range(100000)))
    big = set(range(0, 300, 7))
    big.difference_update(range(0, 300, 2))
    print(len(big), big.pop(), big.pop(), sorted(big)[:5])
    print(set(range(5)) ^ {3, 9, -1}, {1, 2}.union([9], {4}), {5, 6}.intersection([6, 6, 1]))
    u = {4, 1}
    u.symmetric_difference_update([1, 8])
    u.update({40, 41})
    u.intersection_update({8, 4, 40, 41, 77})
    print(u, u.issuperset({4}), {4} < u, u > {4}, u >= u)

    pairs = {(i, i % 2) for i in range(4)}
    print(pairs, (1, 1) in pairs, sorted(pairs))
    empty = set()
    print(empty, len(empty), bool(empty), not empty, empty == set())

    tracker = Tracker()
    for v in [3, 1, 3, 7]:
        print(tracker.record(v), end=" ")
    print(tracker.seen)
    groups = {}
    for i, b in enumerate(out[:12]):
        groups.setdefault(int(b), set()).add(i)
    for k in sorted(groups):
        print(k, sorted(groups[k]), groups[k])
    for op in ["sum", "mean"]:
        print(op, op in KNOWN_OPS)
    words = set("the cat saw the other cat".split())
    print(sorted(words), len(words), "cat" in words)
    print(multiples(3), multiples(4) & multiples(6))

    xs = np.linspace(0.0, 1.0, 8).astype(np.float32)
    scale[1, 8](xs, np.float32(2.0))
    halves = {float(x) for x in xs if x > 1.0}
    print(sorted(halves), {0.5, 1.25, -3.0, 2.0}, set(np.round(xs[:4], 2)))
    for x in {30, 2, 17}:
        print(x, end=" ")
    print()
    try:
        t.remove(42)
    except KeyError as e:
        print("KeyError", e)
    try:
        single = {1}
        single.pop()
        single.pop()
    except KeyError as e:
        print("KeyError", e)
    assert {1, 2} <= {1, 2, 3}, "subset"
    print(np.array(sorted(u)), f"{s}", str(t), repr(pairs))


if __name__ == "__main__":
    main()
