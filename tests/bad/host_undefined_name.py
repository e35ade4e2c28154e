# expect: 9:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (name 'thread_per_block' is not defined)
# A misspelt name in host code: a warning there (no main()), and the kernel it would have launched
# has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i


threads_per_block = 32
a = np.zeros(100, dtype=np.int64)
fill[4, thread_per_block](a)
print(a.sum())
