# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Decorator factories and registering decorators on launch helpers: @repeat(3) runs a step three
# times, @retry(times=2, label="sweep") reads its keywords in the wrapper, a factory's default
# argument and a module constant as its argument; @register records each test's name in a list
# and a dict and returns the function itself, which the program then calls.
import functools

import numpy as np
from numba import cuda

N_SWEEPS = 4


@cuda.jit
def inc(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@cuda.jit
def scale(a, s):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= s


def repeat(times):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(a):
            for _ in range(times):
                fn(a)
            return a
        return wrapper
    return deco


def logged(label, verbose=True):
    """Prints the label around each call."""
    def deco(fn):
        def wrapper(*args, **kwargs):
            if verbose:
                print(f"[{label}] {fn.__name__} start")
            result = fn(*args, **kwargs)
            if verbose:
                print(f"[{label}] {fn.__name__} done")
            return result
        return wrapper
    return deco


TESTS = []
NAMES = {}


def register(fn):
    TESTS.append(fn.__name__)
    NAMES[fn.__name__] = len(TESTS)
    return fn


@repeat(3)
def step(a):
    inc[1, 32](a)


@repeat(N_SWEEPS)
def sweep(a):
    scale[1, 32](a, 2.0)


@logged("gpu")
def doubled(a, factor=2.0):
    scale[1, 32](a, factor)
    return a.sum()


@logged(label="quiet", verbose=False)
def tripled(a):
    scale[1, 32](a, 3.0)
    return a.sum()


@register
def test_step():
    return step(np.zeros(4)).sum() == 12.0


@register
def test_sweep():
    return sweep(np.ones(3)).sum() == 48.0


print(step(np.zeros(4)), sweep(np.ones(2)))
print(doubled(np.ones(3)), doubled(np.ones(3), factor=0.5), tripled(np.ones(2)))
print("registered:", TESTS, NAMES)
print(test_step(), test_sweep(), step.__name__)
