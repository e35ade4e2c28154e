# expect: 27:2: warning: the decorator of 'step' is not supported by py2cuda
# expect-text: not decorator factories (@repeat(3))
# A decorator factory on a host function: py2cuda applies the program's decorators that return
# one wrapper, not factories. Running `step` undecorated would print the wrong result (it was
# dropped silently), so host code is not translated: a warning, the kernel still translated.
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


@repeat(3)
def step(a):
    inc[1, 8](a)


print(step(np.zeros(4)))
