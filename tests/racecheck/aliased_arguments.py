"""Race: one device array passed as both arguments, so `src` and `dst` are the same memory.

Thread 0 stores dst[1] while thread 1 reads src[1], the same element under another name: the
detector watches memory, not names (arguments that overlap share one shadow).
"""
import numpy as np
from numba import cuda


@cuda.jit
def shift_into(src, dst):
    i = cuda.grid(1)
    if i + 1 < dst.size:
        dst[i + 1] = src[i] * 2


d = cuda.to_device(np.arange(8, dtype=np.int64))
shift_into[1, 8](d, d)
print(d.copy_to_host())
# racecheck-expect: aliased_arguments.py:14:22: error: data race on array 'src' element 1 (block (0,0,0)): thread (1,0,0) reads it here while thread (0,0,0) writes it at aliased_arguments.py:14:9 with no cuda.syncthreads() between
