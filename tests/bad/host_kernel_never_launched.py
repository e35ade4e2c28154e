# expect: 9:5: error: kernel 'unused' has no type signature and the host code never launches it
# expect-text: launch
# A program whose host code launches one kernel but not the other, which then has no types.
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
