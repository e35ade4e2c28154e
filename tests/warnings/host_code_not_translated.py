# expect: 18:1: warning: the element type of the list 'pending' is never known
# expect-text: the program's host code is not translated (no main())
# Host code py2cuda cannot translate (a list never given an element): a warning, and the kernels
# translated all the same (a .cu without main()).
import numpy as np
from numba import cuda


@cuda.jit
def scale(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] *= 2


x = np.ones(4)
scale[1, 4](x)
pending = []
print(len(pending), x)
