# oracle: whole-program (host classes defined inside main() and inside if __name__ == "__main__":, attributes set to None in __init__ and later to an array, a number or an instance (tested with is None, printed either way), __radd__ and __rmul__ (2 * v, sum() of instances), __contains__ for in / not in, == between instances of unrelated classes)
"""A solver object as course programs write one: its result starts as None, a method launches
the kernel and keeps the array, later calls reuse it. The classes live inside main() or
the __main__ block, as in many user scripts."""
import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __radd__(self, other):
        return Money(self.cents + other)

    def __rmul__(self, k):
        return Money(self.cents * k)

    def __str__(self):
        return f"${self.cents // 100}.{self.cents % 100:02d}"


def main():
    class Solver:
        def __init__(self, n, a):
            self.n = n
            self.a = a
            self.result = None
            self.best = None
            self.parent = None

        def solve(self):
            if self.result is not None:
                return self.result
            x = np.arange(self.n, dtype=np.float64)
            y = np.ones(self.n)
            out = np.zeros(self.n)
            saxpy[(self.n + 31) // 32, 32](self.a, x, y, out)
            self.result = out
            self.best = float(out.max())
            return out

        def child(self, a):
            s = Solver(self.n, a)
            s.parent = self
            return s

    s = Solver(8, 2.0)
    print(s.result is None, s.best, s.result)
    r = s.solve()
    print(s.result is None, s.best, s.result[:4], r.sum())
    print(s.solve()[1] == s.result[1], s.parent is None)
    c = s.child(0.5)
    print(c.parent is None, c.parent.a, c.solve()[-1], c.best)

    total = Money(0)
    for f in [Money(250), Money(1999), Money(5)]:
        total = total + f
    print(total, 3 * Money(110), Money(1) + Money(2), 0 + Money(7), 5 + total)


if __name__ == "__main__":
    class Bag:
        def __init__(self, n):
            self.items = []
            for k in range(n):
                self.items.append(k * k)

        def __contains__(self, x):
            return x in self.items

    class Tag:
        def __init__(self, name):
            self.name = name

    main()
    bag = Bag(5)
    print(9 in bag, 5 in bag, 5 not in bag, [k for k in range(20) if k in bag])
    t = Tag("x")
    print(t == bag, t != bag, t == t)
