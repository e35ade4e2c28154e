# expect: 15:21: error: 'scale' reads 'factor' from the function 'make_scale' around it, a parameter of 'make_scale'
# expect-text: is used here otherwise
# A kernel factory called in a list comprehension: one call expression stands for a kernel per
# value, and the list holds kernels host code cannot launch by index. py2cuda copies a factory
# into call statements of their own (`k = make_scale(2.0)`), so here the kernel still reads the
# factory's parameter, and the note names the comprehension as the use it cannot copy.
import numpy as np
from numba import cuda

def make_scale(factor):
    @cuda.jit
    def scale(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= factor
    return scale

kernels = [make_scale(f) for f in (1.0, 2.0)]
a = np.ones(4)
for k in kernels:
    k[1, 4](a)
print(a)
