# expect: 23:1: error: cannot assign to field 'threads' of the frozen dataclass 'Shape'
# Assigning a field of a @dataclass(frozen=True) instance raises dataclasses.FrozenInstanceError.
from dataclasses import dataclass

import numpy as np
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i


@dataclass(frozen=True)
class Shape:
    blocks: int
    threads: int = 32


shape = Shape(1)
shape.threads = 4
a = np.zeros(4)
fill[shape.blocks, shape.threads](a)
print(a)
