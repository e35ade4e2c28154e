# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Host functions with a *args parameter: a launch helper forwarding its arguments to a kernel
# (kernel[blocks, threads](*args)), sums and logs over any number of values of one or of
# different types, none at all, keyword-only parameters after *args, len() and indexing of the
# tuple, loops and comprehensions over it, tests of its length (decided in each instance, so
# `xs[0]` under `if xs:` is typed only where there is one), and a tuple spread into the call.
import numpy as np
from numba import cuda


@cuda.jit
def axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def fill(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v


def launch(kernel, n, *args):
    threads = 32
    blocks = (n + threads - 1) // threads
    kernel[blocks, threads](*args)
    return blocks


def total(*values):
    s = 0
    for v in values:
        s += v
    return s


def log(*items, sep=" ", prefix="[log]"):
    print(prefix, *items, sep=sep)


def describe(label, *parts):
    names = [str(p) for p in parts]
    print(label, len(parts), ", ".join(names), "|", "+".join(str(p) for p in parts))


def first_or_default(*xs, default=-1):
    return xs[0] if len(xs) > 0 else default


def head(*xs):
    if not xs:
        return "empty"
    return "first=" + str(xs[0])


def count(*xs):
    if len(xs) == 0:
        print("nothing")
        return 0
    print("first", xs[0], "last", xs[-1])
    return len(xs)


def widest(*arrays):
    best = arrays[0]
    for a in arrays:
        if a.size > best.size:
            best = a
    return best.size


def main():
    x = np.arange(40, dtype=np.float32)
    y = np.ones(40, dtype=np.float32)
    out = np.zeros_like(x)
    print(launch(axpy, x.size, out, np.float32(2.0), x, y), out[:5], out[-1])
    print(launch(fill, 8, out, 7.5), out[:3])
    args = (out, np.float32(3.0), x, y)
    launch(axpy, x.size, *args)
    print(out[:4])

    print(total(1, 2, 3), total(2.5, 0.25), total(1, 2.5, True), total())
    log("start", 1, 2.5)
    log("x", "y", sep="|")
    log(prefix="[end]")
    log()
    describe("ints", 1, 2, 3)
    describe("mixed", "a", 2, 0.5, True)
    describe("none")
    print(first_or_default(5, 6), first_or_default(), first_or_default(default=9))
    print(head(), head(3), head("a", 2))
    print(count(), count(1, 2.5, "x"))
    print(widest(x, y[:3], np.zeros(100, dtype=np.float32)))


main()
