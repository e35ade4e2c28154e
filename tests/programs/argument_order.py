"""Python evaluates a call's arguments, a tuple's elements and a binary operator's or a
comparison's operands left to right; C++ leaves a call's argument order open (GCC goes right
to left) and most operators' operand order too. Calls with effects (random draws, a function
that prints) in two arguments of one call, or in both operands of one operator, must happen in
Python's order.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, jit


@cuda.jit
def scale(x, k):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= k


@jit(nopython=True)
def weighted(a, b):
    return a * 10.0 + b


def pair(a, b):
    return a * 10.0 + b


def noisy(tag, value):
    print("evaluating", tag)
    return value


if __name__ == "__main__":
    np.random.seed(7)
    print(round(pair(np.random.rand(), np.random.rand()), 6))
    print(round(weighted(np.random.rand(), np.random.rand()), 6))
    print(max(np.random.randint(0, 1000), np.random.randint(0, 1000)))
    print(round(np.random.uniform(np.random.rand(), 1.0 + np.random.rand()), 6))
    print(pair(noisy("first", 1.0), noisy("second", 2.0)))
    print(noisy("left", 3) - noisy("right", 4))
    print(round(np.random.rand() - np.random.rand(), 6))
    print(np.random.randint(0, 1000) // np.random.randint(1, 10), np.random.randint(0, 1000) % np.random.randint(1, 10))
    print(round(np.random.rand() ** np.random.rand(), 6))
    print(np.random.rand() < np.random.rand(), noisy("a", 1) == noisy("b", 1))
    print(noisy("x", 2) * noisy("y", 3) + noisy("z", 4))
    print(round(weighted(noisy("w0", 1.0), 2.0) / weighted(noisy("w1", 3.0), 4.0), 6))
    d = np.random.rand(3) - np.random.rand(3)
    print(d > 0)
    t = (noisy("t0", 5), noisy("t1", 6))
    print(t)
    x = np.arange(4, dtype=np.float64)
    dx = cuda.to_device(x)
    scale[1, 4](dx, noisy("factor", 2.0))
    print(dx.copy_to_host())
