# expect: 20:33: error: attribute name repeated in class pattern: rows
# A class pattern matching one attribute twice (`cols` meant): CPython's compiler names the
# attribute at the second keyword's pattern.
from dataclasses import dataclass

import numpy as np
from numba import cuda


@dataclass
class Shape:
    rows: int
    cols: int


def blocks_for(shape):
    match shape:
        case Shape(rows=1, cols=n):
            return (n + 31) // 32
        case Shape(rows=r, rows=c):
            return (r * c + 31) // 32


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i


x = np.zeros(64, dtype=np.int32)
fill[blocks_for(Shape(2, 32)), 32](x)
print(x.sum())
