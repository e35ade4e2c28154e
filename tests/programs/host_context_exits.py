# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Context managers left early: __exit__ runs when the body returns from a function, continues
# or breaks a loop (a class instance and a @contextmanager generator with try/finally), and when
# an IndexError raised in the body goes on to an except clause outside the with statement.
from contextlib import contextmanager
import numpy as np
from numba import cuda


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


class Section:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name)
        return False


@contextmanager
def step(k):
    print("begin step", k)
    try:
        yield k * 10
    finally:
        print("end step", k)


def first_positive(values):
    for v in values:
        with Section("check"):
            if v > 0:
                return v
    return -1


def main():
    a = np.zeros(4)
    print(first_positive([-1, 0, 3, 5]))
    for k in range(4):
        with step(k) as base:
            if k == 1:
                continue
            fill[1, 4](a, base)
            if k == 2:
                break
    print(a)
    try:
        with Section("risky"):
            a[7] = 1.0
    except IndexError as e:
        print("caught:", e)


main()
