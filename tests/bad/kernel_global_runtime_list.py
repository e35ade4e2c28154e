# expect: 13:14: error: global 'SIZES' is a reflected list(int64) computed by the program when it runs; py2cuda freezes such a global into a kernel at its first launch when it is a NumPy array or a number of one type; pass it to the kernel as an argument
# A kernel reads a module list the program appends to. Numba freezes a global when it compiles
# the kernel, but a list is no value it can freeze into one (a NumPy array or a number is).
import numpy as np
from numba import cuda

SIZES = [4, 8]
SIZES.append(16)


@cuda.jit
def first_size(out):
    out[0] = SIZES[0]


out = np.zeros(1, dtype=np.int64)
first_size[1, 1](out)
print(out)
