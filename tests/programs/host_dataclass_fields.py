# oracle: whole-program (host dataclasses: field(default_factory=list) made anew per instance, field(default=...), @dataclass(frozen=True) printing, the generated == comparing fields, a user __str__ next to the generated __repr__, properties on a dataclass)
"""Dataclasses as people write them for run records: a frozen launch shape, and a mutable log
whose list field each instance gets fresh (the default_factory)."""
from dataclasses import dataclass, field

import numpy as np
from numba import cuda


@cuda.jit
def square(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * x[i]


@dataclass(frozen=True)
class Shape:
    blocks: int
    threads: int = 32

    @property
    def total(self):
        return self.blocks * self.threads


@dataclass
class Tagged:
    steps: int
    tags: list = field(default_factory=list)


@dataclass
class RunLog:
    name: str
    sums: list = field(default_factory=list)
    scale: float = field(default=1.0)

    def run(self, shape, n):
        x = np.arange(n, dtype=np.float64) * self.scale
        out = np.zeros(n)
        square[shape.blocks, shape.threads](x, out)
        self.sums.append(float(out.sum()))
        return out

    def __str__(self):
        return f"{self.name}: {len(self.sums)} runs, last {self.sums[-1] if self.sums else None}"


shape = Shape(2)
print(shape, shape.total, Shape(4, threads=16))
print(shape == Shape(2, 32), shape == Shape(2, 64), shape != Shape(3))
a = RunLog("a")
b = RunLog("b", scale=0.5)
print(a)
print(repr(a), b)
a.run(shape, 50)
a.run(Shape(1, 64), 10)
out = b.run(shape, 8)
print(out, a, b)
print(a.sums, b.sums, RunLog("c").sums)
print(repr(b), f"{b!r}" == repr(b), str(b))
# A default_factory list that only later appends type (strings here): each instance's own.
t = Tagged(10)
t.tags.append("tall")
print(t, Tagged(3))
