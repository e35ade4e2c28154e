"""Python's collections around kernels: a.tolist() (1-D and 2-D) iterated, indexed and printed,
list(a) of an array, lists and arrays unpacked into names (np.split pieces, percentiles),
zip(*pairs), dicts whose values are lists (setdefault(k, []).append, d[k] = [] then d[k].append),
collections.defaultdict(list/int/float) and collections.Counter (of a list, a str, an array;
most_common, [k] of a missing key, iteration, update, printing)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import collections
from collections import Counter, defaultdict

import numpy as np
from numba import cuda


@cuda.jit
def scale(x, k):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] * k


@cuda.jit
def bucket(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = int(x[i]) % 3


def group_by(keys, values):
    groups = {}
    for k, v in zip(keys, values):
        groups.setdefault(k, []).append(v)
    return groups


def main():
    a = np.arange(5, dtype=np.float32) / 10
    d = cuda.to_device(a)
    scale[1, 32](d, np.float32(3))
    h = d.copy_to_host()
    lst = h.tolist()
    print(lst)
    print(len(lst), lst[0], lst[-1], sum(lst))
    for v in lst:
        print(v, end=" ")
    print()
    print(list(h))
    m = np.arange(6, dtype=np.int32).reshape(2, 3)
    ml = m.tolist()
    print(ml, ml[1][2], len(ml))
    for row in ml:
        print(row, sum(row), max(row))
    bools = (h > 0.5).tolist()
    print(bools, any(bools))
    print([x * 2 for x in m[0].tolist()])

    # zip(*pairs): the transpose of a list of tuples, tuples whose length is the list's.
    timings = []
    for size in [64, 128, 256]:
        timings.append((size, size / 32.0, "n" + str(size)))
    sizes, ratios, tags = zip(*timings)
    print(sizes, ratios, tags)
    print(len(sizes), sum(ratios), max(sizes), sizes[-1], np.array(ratios), list(tags))
    for size in sizes:
        print(size, end=" ")
    print(f"{ratios}")
    only, single = zip(*[(1, 0.5)])
    print(only, single)

    # Unpacking lists and arrays into names: Python checks the count when it runs.
    x = np.arange(9.0)
    first, second, third = np.split(x, 3)
    print(first, second, third)
    p, q = np.array_split(np.arange(5), 2)
    print(p, q)
    lo, hi = np.percentile(x, [10, 90])
    print(lo, hi)
    top, bottom = np.arange(6).reshape(2, 3)
    print(top, bottom)
    u, v, w = [1.5, 2.5, 3.5]
    print(u, v, w)
    i0, i1 = ml[0][:2]
    print(i0, i1)
    try:
        r, s = np.split(x, 3)
    except ValueError as e:
        print("ValueError:", e)
    try:
        f1, f2, f3, f4 = lst[:3]
    except ValueError as e:
        print("ValueError:", e)

    # Dicts of lists.
    n = 12
    values = np.linspace(0.0, 1.0, n)
    labels = cuda.device_array(n, dtype=np.int64)
    bucket[1, 32](cuda.to_device(np.arange(n)), labels)
    groups = {}
    for i, lab in enumerate(labels.copy_to_host()):
        groups.setdefault(int(lab), []).append(float(values[i]))
    for k in sorted(groups):
        print(k, len(groups[k]), round(sum(groups[k]), 6))
    names = {}
    names["even"] = []
    names["odd"] = []
    for i in range(7):
        names["even" if i % 2 == 0 else "odd"].append(i)
    print(names, len(names["odd"]))
    print(group_by(["a", "b", "a", "c", "a"], [1, 2, 3, 4, 5]))

    # collections.defaultdict and collections.Counter.
    by_len = defaultdict(list)
    for word in ["gpu", "cuda", "numba", "sm", "warp", "block"]:
        by_len[len(word)].append(word)
    print(by_len)
    print(dict(by_len), by_len[3], len(by_len))
    empty = by_len[10]
    print(empty, len(by_len))
    counts = collections.defaultdict(int)
    for ch in "abracadabra":
        counts[ch] += 1
    print(counts)
    print(counts["a"], counts["z"], "z" in counts, len(counts))
    totals = defaultdict(float)
    for lab, val in zip([0, 1, 0, 2], [0.5, 1.25, 2.0, 4.0]):
        totals[lab] += val
    for lab, tot in totals.items():
        print(lab, tot)

    c = Counter([1, 2, 2, 3, 3, 3])
    print(c)
    print(c.most_common(2), c.most_common())
    print(c[3], c[9], len(c), 9 in c)
    for key in c:
        print(key, c[key])
    letters = Counter("hello world")
    print(letters)
    print(letters.most_common(1)[0], letters["l"])
    hist = Counter(labels.copy_to_host().tolist())
    print(hist, hist.total())
    hist.update([0, 0, 5])
    print(hist)
    words = Counter()
    for word in "the cat and the hat and the bat".split():
        words[word] += 1
    print(words)
    for word, count in words.most_common(3):
        print(f"{word}: {count}")
    print(Counter())


if __name__ == "__main__":
    main()
