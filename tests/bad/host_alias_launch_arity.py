# expect: 18:1: error: kernel 'fill' takes 2 arguments
# A kernel launched through a name bound to it (k = fill) with an argument missing: the same
# error as a direct launch, at the launch through the alias.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a, value):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = value


a = np.zeros(100, dtype=np.int64)
fill[4, 32](a, 7)
k = fill
k[4, 32](a)
print(a.sum())
