# expect: 18:10: error: multiple starred names in sequence pattern
# A sequence pattern with two starred names (the sizes between them unknown): CPython's compiler
# rejects it at the sequence.
import sys

import numpy as np
from numba import cuda


@cuda.jit
def add_one(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] += 1


match sys.argv[1:]:
    case [*options, "--size", *size]:
        n = int(size[0])
    case _:
        n = 16
x = np.zeros(n, dtype=np.int32)
add_one[1, n](x)
print(x)
