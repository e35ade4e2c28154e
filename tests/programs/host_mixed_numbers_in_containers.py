# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Lists, sets, dicts and attributes that hold ints and floats side by side: Python keeps each
# value's own type, so an int stays an int beside a float (and np.float32 beside np.float64).
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= factor


class Accumulator:
    def __init__(self):
        self.total = 0
        self.count = 0
        self.best = None

    def add(self, v):
        self.total += v
        self.count += 1
        if self.best is None or v > self.best:
            self.best = v


def main():
    sums = [0] * 4
    for i in range(4):
        if i % 2:
            sums[i] += i * 0.5
    print(sums, sum(sums), max(sums), sorted(sums))

    xs = []
    xs.append(1)
    xs.append(2.5)
    xs.append(np.float32(0.1))
    print(xs, np.array(xs), len(xs))
    for v in xs:
        print(v, type(v).__name__)
    ys = [1, 2] + [0.5]
    print(ys[0] + ys[2], ys, 2 in ys, 0.5 in ys)

    pts = [(0, 0), (1, 2)]
    pts.append((0.5, 2))
    print(pts, [a + b for a, b in pts])

    grid = [[0] * 3 for _ in range(2)]
    grid[1][2] = 1.5
    print(grid)
    buckets = [[] for _ in range(3)]
    for v in [0.5, 1.5, 2.5, 0.25]:
        buckets[int(v)].append(v)
    print(buckets, [len(b) for b in buckets])

    groups = {k: [] for k in ["even", "odd"]}
    for n in range(5):
        groups["even" if n % 2 == 0 else "odd"].append(n)
    print(groups)

    seen = {1, 2}
    seen.add(0.5)
    print(seen, 1.0 in seen, 3 in seen)
    print({3, 1, 2, 17, 9}, {-1, -2, 7}, set([3, 1, 2, 17, 9]))
    print({(1, 2), (0, 0), (3, 1), (2, 2), (10, -1)})

    acc = Accumulator()
    print(acc.total, acc.count)
    for v in [1, 2.5, 0.25]:
        acc.add(v)
    print(acc.total, acc.count, acc.best, f"{acc.total:.2f}")
    a = np.ones(4)
    scale[1, 4](a, acc.total)
    print(a, acc.total / acc.count)

    cfg = {"tpb": 64, "eps": 1e-6, "name": "run"}
    stats = {"hits": 0, "rate": 0.5}
    for name, arr in [("single", np.ones(3, dtype=np.float32)), ("double", np.ones(2))]:
        scale[1, cfg["tpb"]](arr, 2)
        stats["hits"] += 1
        print(cfg["name"], name, arr, arr.dtype, arr.sum() > cfg["eps"])
    print(stats, stats["hits"] * stats["rate"])


main()
