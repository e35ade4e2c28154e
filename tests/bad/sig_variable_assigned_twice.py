# expect: 12:11: error: the signature 'sig' is a variable assigned more than once
# expect-text: is assigned here
# A signature variable rebound before the decorator: py2cuda reads signatures from names bound once.
import numpy as np
from numba import cuda

sig = "void(float32[:])"
if np.float32(1) > 0:
    sig = "void(float64[:])"


@cuda.jit(sig)
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2
