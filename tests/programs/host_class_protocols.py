# oracle: whole-program (host classes: @property getters and setters, @classmethod constructors through cls(...), class constants, __str__/__repr__ in print/str/repr/f-strings, __len__, __getitem__, ==/< through __eq__/__lt__, + - * / through __add__ and the like, identity ==)
"""Classes written the Pythonic way around kernels: a 2-D grid built by class methods with a
property for its size, a small vector type with arithmetic operators and a repr, and a batch of
results indexed like a list. py2cuda calls each special method where Python would."""
import math

import numpy as np
from numba import cuda


@cuda.jit
def fill_grid(out, width, scale):
    x, y = cuda.grid(2)
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = (y * width + x) * scale


@cuda.jit
def axpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] += a * x[i]


class Grid:
    """A width x height launch domain."""
    TILE = 8

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self._scale = 1.0

    @classmethod
    def square(cls, n):
        return cls(n, n)

    @classmethod
    def for_cells(cls, cells, width=4):
        return cls(width, (cells + width - 1) // width)

    @staticmethod
    def ceil_div(a, b):
        return (a + b - 1) // b

    @property
    def size(self):
        return self.width * self.height

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        if value <= 0:
            value = 1.0
        self._scale = value

    def blocks(self):
        return (Grid.ceil_div(self.width, self.TILE), Grid.ceil_div(self.height, self.TILE))

    def run(self):
        out = np.zeros((self.height, self.width))
        fill_grid[self.blocks(), (self.TILE, self.TILE)](out, self.width, self.scale)
        return out

    def __repr__(self):
        return f"Grid({self.width}x{self.height}, scale={self.scale})"

    def __len__(self):
        return self.size

    def __eq__(self, other):
        return self.width == other.width and self.height == other.height


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)

    def __lt__(self, other):
        return self.norm < other.norm

    @property
    def norm(self):
        return math.sqrt(self.x * self.x + self.y * self.y)

    def __str__(self):
        return f"<{self.x}, {self.y}>"

    def __repr__(self):
        return f"Vec({self.x!r}, {self.y!r})"


class Batch:
    """Results of several runs, read like a list."""

    def __init__(self, n):
        self.n = n
        self.results = np.zeros((0, n))
        self.labels = []

    def add(self, label, a):
        x = np.arange(self.n, dtype=np.float64)
        y = np.ones(self.n)
        axpy[1, self.n](a, x, y)
        self.results = np.vstack([self.results, y])
        self.labels.append(label)
        return self

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.results[i]

    def __str__(self):
        return "Batch(" + ", ".join(self.labels) + ")"


if __name__ == "__main__":
    g = Grid.square(16)
    print(g, g.size, len(g), Grid.TILE, g.TILE)
    out = g.run()
    print(out[0, :4], out.sum())
    g.scale = 0.5
    print(repr(g), g.scale, g.run()[15, 15])
    g.scale = -3.0
    print(f"{g} after a bad scale", g.scale)
    h = Grid.for_cells(10)
    print(h, h.blocks(), Grid.for_cells(12, width=6))
    print(g == Grid(16, 16), g == h, g != h, Grid.ceil_div(17, 8))

    a = Vec(3.0, 4.0)
    b = Vec(1.0, 2.0)
    print(a, b, a + b, a - b, a * 2, a / 4)
    print(repr(a + b), str(a), f"{b!r} and {b}", a.norm, b < a, a < b)
    c = a
    c += b
    print(c, a, c is a, c == a, a == Vec(3.0, 4.0))
    vs = [a, b, a + b]
    print([str(v) for v in vs], sum(v.norm for v in vs), max(v.norm for v in vs))

    batch = Batch(5)
    batch.add("double", 2.0).add("half", 0.5)
    print(batch, len(batch), batch[0], batch[1][-1], batch[len(batch) - 1].sum())

