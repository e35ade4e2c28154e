# expect: 16:35: error: keyword argument repeated: dtype
# A keyword argument given twice (the dtype changed by adding a second one): CPython's compiler
# rejects the call before the program runs, at the second keyword.
import numpy as np
from numba import cuda


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i


n = 32
x = np.zeros(n, dtype=np.float32, dtype=np.float64)
fill[1, n](x)
print(x.sum())
