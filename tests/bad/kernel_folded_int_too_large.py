# expect: 12:23: error: integer literal 1180591620717411303424 does not fit in 64 bits
# CPython folds `1 << 70` into the int 1180591620717411303424 before Numba sees it, and Numba
# cannot type an int beyond 64 bits (it wrapped to 0 before the fold was reproduced).
import numpy as np
from numba import cuda


@cuda.jit
def bits(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i * (1 << 70)


out = np.zeros(4)
bits[1, 32](out)
print(out)
