# expect: 11:29: error: invalid character '–' (U+2013)
# Code pasted from a document: an en dash where the minus was (CPython names the character).
from numba import cuda
import numpy as np


@cuda.jit
def shift(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] + a[i – 1]


a = np.arange(8, dtype=np.float32)
out = np.zeros_like(a)
shift[1, 8](a, out)
print(out)
