# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Python's values kept as Python keeps them in host code around a kernel: a conditional
# expression's int or float arm, a method returning an int in one class and a float in another,
# a base whose method raises NotImplementedError, type(self).__name__ in a base's __repr__, a
# list of instances of mixed subclasses printed (and one a method appends them to), instances
# called through __call__, a dataclass's __post_init__, `s += "text"` and `t += (x,)`, and
# NumPy 1.26's dtype for a scalar of a higher kind beside an array (a uint8 image / 255.0, a
# bool mask * 2 - 1), the arguments of one call evaluated in Python's order where a helper
# changes a list or array another argument reads, and `simulate(4).shape` calling simulate
# once (`.dtype` too).
from dataclasses import dataclass

import numpy as np
from numba import cuda


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


class Shape:
    def __init__(self, n):
        self.n = n

    def area(self):
        raise NotImplementedError("area")

    def __repr__(self):
        return f"{type(self).__name__}(n={self.n})"


class Square(Shape):
    def area(self):
        return self.n * self.n


class Triangle(Shape):
    def area(self):
        return self.n * self.n / 2


class Counter:
    def __init__(self, step=1):
        self.calls = 0
        self.step = step

    def __call__(self, x, factor=1):
        self.calls += 1
        return x * factor + self.step


class Doubler(Counter):
    def __call__(self, x, factor=1):
        self.calls += 1
        return 2 * x * factor


class Scene:
    def __init__(self):
        self.shapes = []

    def add(self, shape):
        self.shapes.append(shape)
        return len(self.shapes)


@dataclass
class Grid:
    n: int = 4
    name: str = "grid"

    def __post_init__(self):
        self.cells = self.n * self.n
        self.label = self.name.upper()


LOG = []


def step(x):
    LOG.append(x)
    return x * 2


def fill(a, v):
    a[:] = v
    return v


def simulate(n):
    print("simulating", n)
    return np.zeros((n, 3), dtype=np.float32)


def half(x):
    if x % 2 == 0:
        return x // 2
    return x / 2


def halve_or_keep(x, even):
    return x // 2 if even else x / 2


def main():
    a = np.arange(6, dtype=np.float32)
    big = a.size > 4
    factor = 2 if big else 0.5
    small = 2 if not big else 0.5
    print(factor, small, type(factor).__name__, type(small).__name__)
    d = cuda.to_device(a)
    scale[1, 32](d, factor)
    print(d.copy_to_host(), a * factor, (a * small).dtype)
    print(halve_or_keep(9, True), halve_or_keep(9, False), [halve_or_keep(k, k % 2 == 0) for k in range(4)])
    print(half(4), half(5), max(0, -0.25), min(1, 2.5), max(3, 2.5), max(2, 7, 1.5), min(a[1], 3))

    shapes = [Square(3), Triangle(3), Square(1)]
    for s in shapes:
        print(s, s.area(), type(s).__name__)
    print(shapes, sum(s.area() for s in shapes))
    print(sorted(shapes, key=lambda s: s.area()), shapes[::-1])
    scene = Scene()
    scene.add(Square(2))
    print(scene.add(Triangle(4)), [s.area() for s in scene.shapes], scene.shapes)
    try:
        Shape(2).area()
    except NotImplementedError as e:
        print("abstract:", e)

    inc = Counter()
    print(inc(1), inc(2, factor=3), inc.calls)
    ops = [Counter(5), Doubler()]
    for op in ops:
        print(op(10), op.calls)
    print(ops[1](4), ops[1].calls)

    g = Grid(3)
    print(g, g.cells, g.label, Grid().cells, Grid(name="fine").label)

    log = "run"
    for k in range(3):
        log += f":{k}"
    log += "!"
    shape = (2,)
    shape += (3, 4)
    print(log, shape, len(shape))

    # Python's order of the arguments of one call, and one call per attribute read.
    print(step(1), len(LOG), step(2), LOG)
    b = np.zeros(3)
    print(fill(b, 2.0), b.sum(), (step(3), len(LOG)))
    print("shape:", simulate(4).shape)
    rows, cols = simulate(2).shape
    print(rows, cols, simulate(3).dtype, simulate(1).ndim)

    image = (np.arange(8, dtype=np.uint8) * 30).reshape(2, 4)
    unit = image / 255.0
    print(unit.dtype, unit[1], (image * 0.5).dtype)
    mask = np.array([True, False, True, True])
    spins = 2 * mask - 1
    print(spins, spins.dtype, spins.sum(), (mask * 2.5).dtype, (mask + 1).dtype)
    # Python's sum() starts from the int 0: float32 maxima sum in float64.
    maxima = [row.max() for row in (a.reshape(2, 3) / np.float32(7))]
    print(sum(maxima), sum(maxima) / len(maxima), round(a.mean() / 7, 3), round(np.float64(2.675), 2))


main()
