# expect: 17:1: error: multiple starred expressions in assignment
# Two starred names in one unpacking: which values each takes is ambiguous, and CPython's
# compiler rejects it at the targets.
import numpy as np
from numba import cuda


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i


x = np.zeros(8, dtype=np.int32)
fill[1, 8](x)
first, *middle, *last = x
print(first, middle, last)
