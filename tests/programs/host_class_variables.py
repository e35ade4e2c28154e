# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Class attributes the program assigns: an instance counter kept on the class (`Solver.count
# += 1` in __init__), a class-level setting switched by the module's code and read through
# instances (`self.verbose`), a class method changing its class's value through `cls`, a
# subclass reading and changing its base's attribute, and a class constant nobody assigns;
# constants subclasses override, read through a list of base-class instances (each object's
# own class's); module-level lists, tuples and dicts that main() reads; and empty dicts and
# lists an __init__ makes that methods and functions fill (`self.counts[k] = n`).
import numpy as np
from numba import cuda


@cuda.jit
def axpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


class Solver:
    count = 0
    launches = 0
    verbose = False
    threads = 32

    def __init__(self, n, a):
        self.n = n
        self.a = a
        Solver.count += 1
        self.ident = Solver.count

    def blocks(self):
        return (self.n + self.threads - 1) // self.threads

    def run(self, x, y):
        out = np.zeros_like(x)
        axpy[self.blocks(), Solver.threads](self.a, x, y, out)
        Solver.launches = Solver.launches + 1
        if self.verbose:
            print(f"solver {self.ident}: launch {Solver.launches} of {self.n} elements")
        return out

    @classmethod
    def reset(cls):
        cls.launches = 0
        return cls.count


class WideSolver(Solver):
    threads = 64

    def describe(self):
        return f"wide #{self.ident} of {Solver.count}, threads {self.threads}"


class Stage:
    name = "stage"
    weight = 1.0

    def label(self):
        return self.name.upper()


class Blur(Stage):
    name = "blur"


class Sharpen(Stage):
    name = "sharpen"
    weight = 2.5


class Tally:
    def __init__(self):
        self.counts = {}
        self.order = []

    def record(self, key, n):
        self.counts[key] = self.counts.get(key, 0) + n
        self.order.append(key)


def record_launch(t, name):
    t.counts[name] = t.counts.get(name, 0) + 1


SIZES = [16, 32, 64]
TILE_W, TILE_H = 8, 4
STAGE_NAMES = ("blur", "sharpen")
LIMITS = {"blur": 3, "sharpen": 5}


def total_launches():
    return Solver.launches


def main():
    x = np.arange(100, dtype=np.float64)
    y = np.ones(100)
    first = Solver(100, 2.0)
    print(Solver.count, first.ident, first.count, Solver.verbose, first.blocks())
    r = first.run(x, y)
    print(r[:4], r[-1], total_launches())
    Solver.verbose = True
    second = Solver(40, -1.0)
    print(second.run(x[:40], y[:40])[:3])
    wide = WideSolver(130, 0.5)
    print(wide.blocks(), wide.describe(), WideSolver.count, wide.verbose)
    print(wide.run(np.arange(130.0), np.zeros(130))[128:])
    print(Solver.launches, first.launches, wide.launches, Solver.reset(), Solver.launches, total_launches())
    Solver.verbose = False
    first.run(x, y)
    print(Solver.count, Solver.launches, [s.ident for s in [first, second, wide]])
    stages = [Stage(), Blur(), Sharpen()]
    for st in stages:
        print(st.name, st.weight, st.label(), LIMITS.get(st.name, 0), st.name in STAGE_NAMES)
    print(len(SIZES), SIZES, sum(SIZES), STAGE_NAMES, [n * 2 for n in SIZES], LIMITS, TILE_W * TILE_H)
    tally = Tally()
    for st in stages:
        tally.record(st.name, len(st.name))
    record_launch(tally, "blur")
    print(tally.counts, tally.order, sorted(tally.counts.items()))


if __name__ == "__main__":
    main()
