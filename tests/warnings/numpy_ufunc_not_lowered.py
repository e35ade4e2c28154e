# expect: 17:18: warning: compiled Numba cannot compile np.sqrt() of these arguments in a kernel
# expect-text: Call math.sqrt(), which both run
# A NumPy ufunc on scalars in a kernel: the simulator runs np.sqrt, but numba-cuda's CUDA
# target lowers only the ufuncs of its ufunc_db (np.sin, np.log, np.hypot, np.maximum...),
# so compiled Numba stops with a KeyError. np.hypot below is one it lowers: no warning.
import math

import numpy as np
from numba import cuda


@cuda.jit
def lengths(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        d = np.hypot(x[i], y[i])
        out[i] = np.sqrt(d) + math.sqrt(d)


x = np.arange(4, dtype=np.float32)
y = np.ones(4, dtype=np.float32)
out = np.zeros(4, dtype=np.float32)
lengths[1, 4](x, y, out)
print(out)
