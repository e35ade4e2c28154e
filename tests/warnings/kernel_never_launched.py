# expect: 9:5: warning: kernel 'unused' is never launched and has no signature: the .cu leaves it out (Numba compiles a kernel at its first launch)
# A program whose host code launches one kernel but not the other: Numba compiles a kernel at its
# first launch, so the other is never compiled and the program runs; the .cu leaves it out.
import numpy as np
from numba import cuda


@cuda.jit
def unused(a):
    a[0] = 1


@cuda.jit
def used(a):
    a[0] = 2


a = np.zeros(1, dtype=np.int64)
used[1, 1](a)
print(a[0])
