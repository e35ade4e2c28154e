# expect: 10:18: error: CPointer parameters (raw device addresses, as from __cuda_array_interface__) are not supported
# A kernel taking a raw pointer, as numba-cuda's ex_cpointer example does: py2cuda types arrays, not addresses.
import numpy as np
from numba import cuda
from numba.cuda import types

# The first kernel argument is a pointer to a uint8 array.
# The second argument holds the length as a uint32.
# The return type of a kernel is always void.
sig = types.void(types.CPointer(types.uint8), types.uint32)


@cuda.jit(sig)
def add_one(x, n):
    i = cuda.grid(1)
    if i < n:
        x[i] += 1
