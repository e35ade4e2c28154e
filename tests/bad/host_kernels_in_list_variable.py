# expect: 15:5: error: kernel 'scale' has no type signature and the host code, whose launches would type it, is not translated ('kernels' holds functions (a display of them), which py2cuda resolves at translation time: a for loop or a comprehension can go over it, len() measure it and a literal index or key pick one; it is not a value otherwise)
# Kernels kept in a list variable and launched by an index known only at run time: py2cuda resolves
# a name holding kernels at translation time (a loop over them, a literal index; this one is warned
# at the list), so the kernel launched through the list has no types.
import numpy as np
from numba import cuda


@cuda.jit
def shift(a):
    a[0] += 1


@cuda.jit
def scale(a):
    a[0] *= 2


a = np.ones(1, dtype=np.int64)
shift[1, 1](a)
kernels = [shift, scale]
choice = int(a[0])
kernels[choice][1, 1](a)
print(a[0])
