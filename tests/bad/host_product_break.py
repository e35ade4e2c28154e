# expect: 12:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (a loop over itertools.product() with a break of its own is not supported by py2cuda (its loops are nested: the break would leave the innermost one))
# A parameter sweep over itertools.product() that stops at the first match with `break`:
# py2cuda writes the product as nested loops, where the break would leave only the innermost
# one, so it says so (the host code is not translated: the kernel has no types).
import itertools

import numpy as np
from numba import cuda


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v

for block, n in itertools.product([32, 64], [100, 200]):
    a = np.zeros(n)
    fill[(n + block - 1) // block, block](a, 1.0)
    if a.sum() == n:
        break
print(block, n)
