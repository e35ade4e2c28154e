# expect: 12:13: error: np.sin() of an array needs an output array as its last argument in a kernel
# A kernel calls np.sin on an array without an output array: Numba's CUDA target cannot
# allocate the result inside a kernel.
import numpy as np
from numba import cuda


@cuda.jit
def sines(x, out):
    i = cuda.grid(1)
    if i < out.size:
        y = np.sin(x)
        out[i] = y[i]


x = np.arange(4.0)
out = np.zeros(4)
sines[1, 4](x, out)
print(out)
