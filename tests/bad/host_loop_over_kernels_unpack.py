# expect: 9:5: error: kernel 'shift' has no type signature and the host code, whose launches would type it, is not translated (cannot unpack 3 values into 2 names)
# A loop over (kernel, name) pairs whose elements have three values for two names: the loop cannot
# bind its names (warned in host code), so the kernel it launches has no types.
import numpy as np
from numba import cuda


@cuda.jit
def shift(a):
    a[0] += 1


a = np.ones(1, dtype=np.int64)
for kernel, name in [(shift, "shift", 1)]:
    kernel[1, 1](a)
    print(name, a[0])
