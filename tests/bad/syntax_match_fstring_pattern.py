# expect: 18:10: error: patterns may only match literals and attribute lookups
# An f-string as a value pattern: a pattern's constant cannot be computed, CPython's compiler
# rejects it (a guard, `case m if m == f"...":`, is the way).
import numpy as np
from numba import cuda

N = 16


@cuda.jit
def add_one(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] += 1


match "size=16":
    case f"size={N}":
        n = N
    case _:
        n = 8
x = np.zeros(n, dtype=np.int32)
add_one[1, n](x)
print(x)
