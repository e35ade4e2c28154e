# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * factor


def run(n, factor):
    a = np.arange(n, dtype=np.float32)
    d_a = cuda.to_device(a)
    scale[(n + 31) // 32, 32](d_a, factor)
    return d_a.copy_to_host()


def count_words(text):
    counts = {}
    for w in text.split():
        counts[w] = counts.get(w, 0) + 1
    return counts


def record(table, key, value):
    table[key] = value  # the caller's dict: dicts are passed by reference


def summary(timings):
    best = ""
    best_time = 1e30
    for name, t in timings.items():
        if t < best_time:
            best, best_time = name, t
    return best, best_time


if __name__ == "__main__":
    sums = {}
    for n in (8, 16, 64):
        out = run(n, 2.0)
        sums[n] = out.sum()
    for n, s in sums.items():
        print(n, s)
    print(sums)
    print(len(sums), 16 in sums, 17 in sums, 17 not in sums, sums[64])

    timings = {"naive": 1.25, "shared": 0.5, "tiled": 0.75}
    print(timings, summary(timings))
    record(timings, "cublas", 0.125)
    print(summary(timings), len(timings))
    alias = timings
    alias["naive"] = 2.5
    print(timings["naive"], timings.get("missing", -1.0))
    snapshot = timings.copy()
    del timings["shared"]
    print(timings)
    print(snapshot)
    print(timings.pop("tiled"), timings.pop("tiled", 9.0), timings)
    print(timings.setdefault("new", 3.0), timings.setdefault("new", 4.0), timings)
    timings.update(snapshot)
    print(timings)
    for k in timings:
        print(k, end=" ")
    print()
    for v in timings.values():
        print(v, end=" ")
    print()
    for i, (k, v) in enumerate(timings.items()):
        print(i, k, v)
    for i, k in enumerate(timings.keys()):
        print(i, k)

    counts = count_words("the cat and the hat and the bat")
    print(counts)
    counts["the"] += 10
    print(counts["the"], str(counts), f"{counts}")

    grid = {}
    for i in range(3):
        for j in range(2):
            grid[(i, j)] = i * 10 + j
    print(grid[(2, 1)], (1, 1) in grid, grid)

    flags = {1: True, 2: False}
    names = {0: "zero", 1: "one"}
    print(flags, names, repr(names[1]))
    names[2] = "two"
    print("%s items: %s" % (len(names), names))
    print("{} / {}".format(names, len(names)))
    arrays = {"x": np.arange(3), "y": np.ones(2, dtype=np.int64)}
    print(arrays["x"] * 2, arrays)
    nested = {"a": {1: 2.5}, "b": {}}
    nested["b"][7] = 0.5
    print(nested)
    # dict comprehensions and dict(): kernel results keyed by their launch size
    results = [(n, run(n, 0.5).sum()) for n in (4, 32)]
    by_size = {n: total for n, total in results}
    squares = {k: k * k for k in range(6) if k % 2 == 0}
    pairs = {(i, j): i * j for i in range(3) for j in range(i)}
    last_wins = {k % 3: k for k in range(7)}
    word_len = {w: len(w) for w in "the cat sat on the mat".split()}
    print(by_size, squares, pairs, last_wins, word_len)
    inverted = {v: k for k, v in squares.items()}
    from_zip = dict(zip(["a", "b", "c"], [1.5, 2.5, 3.5]))
    from_list = dict([(1, "one"), (2, "two"), (1, "uno")])
    from_enumerate = dict(enumerate([10, 20, 30]))
    copied = dict(from_zip)
    copied["d"] = 4.5
    empty = dict()
    empty["k"] = 1
    print(inverted, from_zip, from_list, from_enumerate)
    print(copied, from_zip, empty, [k for k in copied], [v * 2 for v in from_zip.values()], sorted(w for w in word_len))
    timings.clear()
    print(timings, len(timings))
    missing = {"a": 1}
    print(missing["b"])
