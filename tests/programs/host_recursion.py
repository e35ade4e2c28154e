"""Recursive host functions, as CPU reference implementations write them: a quicksort of lists,
a divide-and-conquer sum of array halves checked against a kernel's squares, an accumulator
with a default argument, a CPU @njit gcd, a Tower of Hanoi appending to a list it passes on
(no value returned), a memoised Fibonacci with a dict, and a min/max pair of array halves.
Each recursive call is typed by the function's returns that do not recurse, as Numba types
them."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, njit


def quicksort(xs):
    if len(xs) <= 1:
        return xs
    pivot = xs[0]
    less = [x for x in xs[1:] if x < pivot]
    more = [x for x in xs[1:] if x >= pivot]
    return quicksort(less) + [pivot] + quicksort(more)


def tree_sum(a):
    if a.size <= 2:
        return a.sum()
    mid = a.size // 2
    return tree_sum(a[:mid]) + tree_sum(a[mid:])


def power(base, n, acc=1.0):
    if n == 0:
        return acc
    return power(base, n - 1, acc * base)


@njit
def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


def hanoi(n, src, dst, via, moves):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst, moves)
    moves.append((src, dst))
    hanoi(n - 1, via, dst, src, moves)


memo = {0: 0, 1: 1}


def fib(n):
    if n in memo:
        return memo[n]
    value = fib(n - 1) + fib(n - 2)
    memo[n] = value
    return value


def extremes(a):
    if a.size == 1:
        return a[0], a[0]
    mid = a.size // 2
    lo1, hi1 = extremes(a[:mid])
    lo2, hi2 = extremes(a[mid:])
    return min(lo1, lo2), max(hi1, hi2)


@cuda.jit
def square(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * a[i]


a = np.arange(10.0)
square[1, 16](a)
print(quicksort([5, 3, 8, 1, 9, 2, 7]))
print(tree_sum(a), a.sum(), tree_sum(a) == a.sum())
print(power(2.0, 10), power(1.5, 3, 2.0))
print(gcd(1071, 462), gcd(17, 5))
moves = []
hanoi(4, "A", "C", "B", moves)
print(len(moves), moves[:3], moves[-1])
print(fib(40), len(memo))
rng = np.random.default_rng(3)
v = rng.integers(-50, 50, 13)
print(v, extremes(v), (v.min(), v.max()))
