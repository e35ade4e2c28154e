"""The program's own decorators on host functions, as course scripts wrap their launch helpers:
a timing-style wrapper passing *args and **kwargs on (its print naming the function through
fn.__name__, functools.wraps), a wrapper with its own parameter that changes the result, a
keyword argument reaching the decorated function through **kwargs, two decorators stacked,
and a wrapper around a CPU @njit function. Each decorated name runs the wrapper, as Python's
`run = timed(run)` binds it."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import functools

import numpy as np
from numba import cuda, njit


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


calls = [0]


def counted(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        calls[0] += 1
        print("calling", fn.__name__)
        result = fn(*args, **kwargs)
        print("done", fn.__name__)
        return result
    return wrapper


def negated(fn):
    def wrapper(x):
        return -fn(x)
    return wrapper


def doubled(fn):
    def wrapper(*args):
        return 2 * fn(*args)
    return wrapper


@counted
def run(a, factor=2.0, threads=8):
    scale[(a.size + threads - 1) // threads, threads](a, factor)
    return a.sum()


@negated
def total(a):
    return a.sum()


@doubled
@counted
def mean_of(a, b):
    return (a.mean() + b.mean()) / 2


@negated
@njit
def cube(x):
    return x * x * x


a = np.ones(10)
print(run(a))
print(run(a, factor=0.5))
print(run(a, 3.0, threads=4))
print(total(np.arange(4.0)))
print(mean_of(np.ones(3), np.full(2, 3.0)))
print(cube(3.0), calls[0])
