# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Everyday Python around a launch: a device function returning a tuple, a local array, atomic max
# and add; print(*xs, sep=...), sorted dict items by a key lambda, enumerate(zip(...)) with
# unpacking, !r and %-formatting, isinstance, assert with a message, while/else with break,
# max() and min() of 1-D arrays and of a reversed view.
import numpy as np
from numba import cuda, int32, float64
import math

@cuda.jit(device=True)
def stats(x, y):
    return x + y, x * y

@cuda.jit
def kern(a, out, counts):
    i = cuda.grid(1)
    tmp = cuda.local.array(4, dtype=float64)
    if i < a.size:
        for k in range(4):
            tmp[k] = a[i] * k
        s, p = stats(tmp[1], tmp[2])
        out[i] = s + p
        cuda.atomic.max(counts, 0, i)
        cuda.atomic.add(counts, 1, 1)

def tail_of(xs):
    rest = xs[1:]
    rest.append(len(xs))
    return rest


def as_array(values):
    return np.asarray(values, dtype=np.float32) * 2


def main():
    a = np.linspace(0, 1, 10)
    out = np.empty_like(a)
    counts = np.zeros(2, dtype=np.int32)
    kern[2, 8](a, out, counts)
    print(out.round(4))
    print(counts, *counts, sep=" | ")
    pairs = sorted({"a": 3, "b": 1, "c": 2}.items(), key=lambda kv: -kv[1])
    print(pairs)
    for i, (x, y) in enumerate(zip(a[:2], out[:2])):
        print(i, f"{x!r:>6} {y:.3e}", "%5.2f|%d" % (x, i))
    print(isinstance(a, np.ndarray), isinstance(3, int), type(out[0]).__name__)
    assert counts[1] == 10, "count mismatch"
    total = 0
    while True:
        total += 1
        if total > 3:
            break
    else:
        print("never")
    print(total, max(a), min(out), max(np.array([3, 9, 2], dtype=np.int32)), min(a[::-1]))
    # Tuple slices with constant bounds (a shape reversed, its trailing extents), and a list
    # display passed to a function, which is a list there (sliced, appended to, np.array'd).
    grid = np.zeros((3, 4, 5))
    print(grid.shape[::-1], grid.shape[1:], grid.shape[-2:], grid.shape[::2], grid.shape[5:], (1, "x", 2.5)[::-1])
    rows, cols = grid.shape[1:]
    print(rows * cols, np.zeros(grid.shape[:2]).shape, tail_of([5, 6, 7]), as_array([1.5, 2.5]))
    # Python's max/min of two floats: the second only when it compares greater (less), so a
    # NaN first wins and -0.0 first stays (kernels take CUDA's fmax/fmin, as compiled Numba).
    nan = float("nan")
    print(max(-0.0, 0.0), max(nan, 1.0), min(nan, 1.0), max(1.0, nan), min(0.0, -0.0))
    # max/min with default=: the default when there are no items.
    big = [v for v in [3, 1, 2] if v > 5]
    print(max([3, 1, 2], default=-1), min(big, default=-1), max((v * 2.5 for v in [3, 1]), default=0), min(range(0), default=-3))

if __name__ == "__main__":
    main()
