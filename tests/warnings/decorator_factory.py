# expect: 30:2: warning: the decorator of 'step' is not supported by py2cuda
# expect-text: not other callables or arguments computed when the program runs
# A decorator factory called with a value the program computes when it runs: py2cuda applies
# factories called with literal arguments (the wrapper reads the value frozen), not this one.
# Running `step` undecorated would print the wrong result (it was dropped silently), so host
# code is not translated: a warning, the kernel still translated.
import sys

import numpy as np
from numba import cuda


@cuda.jit('void(float64[:])')
def inc(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


def repeat(times):
    def deco(fn):
        def wrapper(a):
            for _ in range(times):
                fn(a)
            return a
        return wrapper
    return deco


@repeat(len(sys.argv) + 2)
def step(a):
    inc[1, 8](a)


print(step(np.zeros(4)))
