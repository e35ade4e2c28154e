# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# @contextlib.contextmanager generators timing launches: one yielding a value inside
# try/finally (its parameters and the names bound before the yield read again after it, a dict
# passed in and updated), one imported as contextlib.contextmanager with a bare yield, nested
# with statements over both, one entered in a loop; an empty list given to a generator and to a
# class's constructor, typed by what they append.
import time
from contextlib import contextmanager
import contextlib
import numpy as np
from numba import cuda


@cuda.jit
def square(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * a[i]


@contextmanager
def timed(label, runs):
    start = time.perf_counter()
    runs[label] = runs.get(label, 0) + 1
    try:
        yield start
    finally:
        elapsed = time.perf_counter() - start
        print(f"{label}: run {runs[label]}, timed {elapsed >= 0.0}")


@contextlib.contextmanager
def banner(title):
    print("=" * 4, title)
    yield
    print("-" * 4, title, "done")


def main():
    runs = {"square": 0}
    a = np.arange(6, dtype=np.float64)
    with timed("square", runs) as t0:
        square[1, 32](a)
    print(a, t0 > 0.0)
    with banner("twice"):
        for _ in range(2):
            with timed("again", runs):
                square[1, 32](a)
    print(a)
    print(runs)


class Recorder:
    def __init__(self, log):
        self.log = log

    def note(self, text):
        self.log.append(text)


@contextmanager
def logged(label, log):
    log.append("enter " + label)
    yield
    log.append("exit " + label)


def record():
    log = []  # typed by what the generator and the Recorder's method append
    r = Recorder(log)
    r.note("first")
    with logged("a", log):
        r.note("inside")
    print(log, r.log is log)


main()
record()
