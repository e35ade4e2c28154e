"""Race in the second launch only: the first launch's many readers of x[0] are not carried over.

Every thread of `scale` reads x[0], which is no race (nobody writes it). `scale_in_place` then
writes x[0] from thread 0 while the other threads read it: a race of that launch alone, reported
with the reader of that launch, not one of the first launch's readers.
"""
import numpy as np
from numba import cuda


@cuda.jit
def scale(x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[0] * x[i]


@cuda.jit
def scale_in_place(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[0] * x[i]


x = np.arange(2, 130, dtype=np.float32)
out = np.zeros_like(x)
scale[2, 64](x, out)
scale_in_place[2, 64](x)
print(out[:3], x[:3])
# racecheck-expect: second_launch.py:22:16: error: data race on array 'x' element 0 (block (0,0,0)): thread (1,0,0) reads it here while thread (0,0,0) writes it at second_launch.py:22:9 with no cuda.syncthreads() between
