# expect: 10:5: error: np.sqrt() of an array is not supported in kernels: Numba's CUDA target has no array loop for it
# A kernel calls np.sqrt with arrays: Numba's CUDA target has array loops for some ufuncs only
# (np.sin, np.maximum, ...); np.sqrt takes scalars there.
import numpy as np
from numba import cuda


@cuda.jit
def roots(x, out):
    np.sqrt(x, out)


x = np.arange(4.0)
out = np.zeros(4)
roots[1, 1](x, out)
print(out)
