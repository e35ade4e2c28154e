# expect: 20:18: error: global 'TABLE' is not a constant py2cuda can freeze into the kernel
# expect-text: sys.argv is known only when the program runs
# A kernel reads a module array computed from the command line: Numba would freeze whatever
# value it had at compile time, py2cuda cannot know it. One error, at the read (the launch
# below is not reported again as "never launches it"); the host code may use SCALE freely.
import sys

import numpy as np
from numba import cuda

SCALE = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
TABLE = np.arange(8, dtype=np.float32) * float(sys.argv[1])
print(SCALE)


@cuda.jit
def lookup(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = TABLE[i % 8]


out = np.zeros(16, dtype=np.float32)
lookup[1, 32](out)
print(out)
