# expect: 14:27: warning: compiled Numba rejects this shape
# expect-text: Define a module constant, e.g. `SIZE = 2 * BLOCK`
# A shared array sized by arithmetic on a module constant: the simulator evaluates it, compiled
# Numba types the shape before folding and rejects it.
import numpy as np
from numba import cuda, int32

BLOCK = 32


@cuda.jit
def pairs(out):
    i = cuda.threadIdx.x
    s = cuda.shared.array(2 * BLOCK, dtype=int32)
    s[2 * i] = i
    s[2 * i + 1] = -i
    cuda.syncthreads()
    out[i] = s[2 * i] + s[2 * i + 1]


x = np.ones(BLOCK, dtype=np.int32)
pairs[1, BLOCK](x)
print(x.sum())
