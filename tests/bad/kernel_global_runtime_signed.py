# expect: 18:18: error: global 'TABLE' is computed by the program when it runs, and this function is typed before the module's code assigns it (a function with a signature is compiled where it is defined; without one, Numba freezes a global at the kernel's first launch); launch the kernel without a signature, or pass 'TABLE' as an argument
# A kernel with a signature reads a module array the program computes when it runs. Numba
# compiles such a kernel where it is defined, freezing the global's value then; py2cuda types it
# there too, before the module's code has given the array a type, so it asks to launch the kernel
# without a signature (it is then frozen at the first launch) or to pass the array.
import sys

import numpy as np
from numba import cuda

TABLE = np.arange(8, dtype=np.float32) * float(len(sys.argv))


@cuda.jit("void(float32[::1])")
def lookup(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = TABLE[i % 8]


out = np.zeros(16, dtype=np.float32)
lookup[1, 32](out)
print(out)
