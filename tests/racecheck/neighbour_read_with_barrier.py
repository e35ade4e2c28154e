"""Clean: each thread reads its neighbour's shared element after cuda.syncthreads()."""
import numpy as np
from numba import cuda, float32


@cuda.jit
def shift(x, out):
    buf = cuda.shared.array(64, dtype=float32)
    t = cuda.threadIdx.x
    buf[t] = x[t]
    cuda.syncthreads()
    out[t] = buf[(t + 1) % 64]


x = np.arange(64, dtype=np.float32)
out = np.zeros(64, dtype=np.float32)
shift[1, 64](x, out)
print(out[:4])
# racecheck-clean
