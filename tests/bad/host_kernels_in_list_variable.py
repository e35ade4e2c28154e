# expect: 15:5: error: kernel 'scale' has no type signature and the host code never launches it
# Kernels kept in a list variable and launched by index: py2cuda resolves a name holding a kernel
# at translation time, and a list of kernels only in a for loop over the list display (warned at
# the list), so the kernel launched through the list has no types.
import numpy as np
from numba import cuda


@cuda.jit
def shift(a):
    a[0] += 1


@cuda.jit
def scale(a):
    a[0] *= 2


a = np.ones(1, dtype=np.int64)
shift[1, 1](a)
kernels = [shift, scale]
kernels[1][1, 1](a)
print(a[0])
