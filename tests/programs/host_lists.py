# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Python lists in host code as scripts keep results around kernel launches: `[]` grown by
# append, list methods, indexing and slicing, comprehensions (with `if`, nested `for`, over
# lists, zip and enumerate), sorted/max/min/sum/any/all, np.array of lists, lists of host
# and device arrays, NumPy functions of lists (np.mean(times)), lists passed to and returned
# from helpers, and Python's printing.
import numpy as np
from numba import cuda


@cuda.jit
def ramp(out, n):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i * 2 % n


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= factor


def run(n):
    out = np.zeros(n, dtype=np.float32)
    ramp[(n + 127) // 128, 128](out, n)
    return out


def squares(k):
    return [x * x for x in range(k)]


def total(xs):
    t = 0.0
    for x in xs:
        t += x
    return t


def collect_even(values):
    found = []
    for v in values:
        if v % 2 == 0:
            found.append(v)
    return found


def add_marker(xs, v):
    xs.append(v)


def main():
    results = []
    for n in [10, 100, 1000]:
        out = run(n)
        results.append(float(out.sum()))
    print(results)
    print(max(results), min(results), sum(results), len(results))
    print(f"results={results}", str(results), repr(results), "%s!" % (results,), "{}".format(results))

    sq = [x * x for x in range(5)]
    evens = [x for x in range(10) if x % 2 == 0]
    print(sq, len(sq), evens)
    print(sorted([3, 1, 2]), sorted(results, reverse=True), sorted(x % 3 for x in range(7)))

    names = ["add", "mul", "sub"]
    for i, nm in enumerate(names):
        print(i, nm, names[i], names[-1 - i])
    for nm, s in zip(names, sq):
        print(nm, s)
    words = []
    for nm in names:
        words.append(nm + "!")
    print(words, ", ".join(words), "-".join(names), "c" in names, "mul" in names)

    xs = list(range(5))
    xs.append(10)
    xs.extend([20, 30])
    xs.extend(range(2))
    xs.insert(0, -1)
    xs.insert(-1, 25)
    xs.insert(100, 7)
    print(xs)
    last = xs.pop()
    first = xs.pop(0)
    print(last, first, xs, xs.index(10), xs.count(1), xs.count(99))
    xs.remove(0)
    xs.reverse()
    print(xs)
    xs.sort()
    print(xs)
    xs.sort(reverse=True)
    print(xs, xs[0], xs[-1], xs[1:3], xs[::-1], xs[::2], xs[-2:], xs[:100], xs[5:1])
    xs[0] = 99
    xs[-1] += 5
    print(xs, 3 in xs, 42 not in xs, 3 in [1, 2, 3], 4.5 in results)

    ys = xs + [1, 2]
    zs = [0] * 5
    zs[2] = 7
    print(ys, zs, [1.5] * 2, 2 * ["a"], ys == xs, [1, 2] == [1, 2], xs != ys, [] == [])
    alias = xs
    alias.append(1000)
    copy = xs.copy()
    copy.append(-5)
    print(xs[-1], len(alias), len(copy), len(xs))

    grid = [[0.0] * 3 for _ in range(2)]
    grid[1][2] = 5.0
    grid[0].append(1.5)
    print(grid, len(grid), grid[1], len(grid[0]))
    pairs = [(i, nm) for i, nm in enumerate(names, 1)]
    print(pairs, pairs[0], pairs[-1][1])
    flat = [i * j for i in range(3) for j in range(3) if i != j]
    print(flat, [[i + j for j in range(i)] for i in range(4)])
    print(any(x > 10 for x in xs), all(x > 10 for x in xs), max(x * 2 for x in xs), min(len(w) for w in words))
    print(any([]), all([]), any([0, 0, 3]), sum(x for x in sq), sum([0.1] * 10), sum([True, True, False]))
    print(squares(4), total(squares(4)), total(results), collect_even(list(range(7))), collect_even(xs))
    add_marker(sq, 100)
    print(sq)

    empty = []
    if not empty:
        print("empty", empty, len(empty))
    empty.append(3)
    while empty:
        print("pop", empty.pop())

    values = [1, 2, 3]
    arr = np.array(results)
    print(arr, arr.dtype, np.asarray(sq).dtype, np.array(values), np.array(values, dtype=np.float32))
    print(np.array([[1, 2], [3, 4]]), np.array([[0.5] * 2 for _ in range(3)]).shape, np.array(grid[1:]))
    print(np.array([True, False]).dtype, np.array(evens).sum(), np.array([x / 2 for x in sq]))
    a32 = np.arange(4, dtype=np.float32) / 3
    picked = [a32[0], a32[1], a32[3]]
    print(picked, np.array(picked).dtype, [v for v in a32 if v > 0.5])

    arrs = [np.arange(4.0) * k for k in range(3)]
    print(arrs, len(arrs), np.array(arrs).shape)
    d_arrs = [cuda.to_device(a) for a in arrs]
    for d in d_arrs:
        scale[1, 32](d, 2.0)
    back = [d.copy_to_host() for d in d_arrs]
    print(back[2], sum(b.sum() for b in back), [float(b[-1]) for b in back])
    d_list = cuda.to_device(values)
    scale[1, 32](d_list, 3)
    print(d_list.copy_to_host(), list(np.arange(3)), list((1.5, 2.5)), list(sq))
    print([float(v) for v in d_list], [a + b for a, b in zip(d_list, values)])

    times = []
    for i in range(4):
        times.append(i * 0.25 + 1.0)
    print(np.mean(times), np.std(times), np.max(times), np.sum(times), np.sqrt(times), np.argmax(values), np.min(values))

    try_idx = [1, 2, 3]
    print(try_idx[len(try_idx)])


if __name__ == "__main__":
    main()
