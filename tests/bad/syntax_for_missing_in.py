# expect: 13:13: error: cannot assign to function call
# CPython reads `for k (0, 1, 2)` (a lost `in`) as a call of k in the target.
import numpy as np
from numba import cuda


@cuda.jit
def rows_sum(a, out):
    i = cuda.grid(1)
    if i < out.size:
        s = 0.0
        # The lost `in`:
        for k (0, 1, 2):
            s += a[i, k]
        out[i] = s
