# expect: 17:9: error: cannot launch kernel 'inner' from device code
# expect-text: dynamic parallelism is not supported
# A kernel launching another kernel (CUDA's dynamic parallelism), which Numba does not support:
# said at the launch, as a plain call of a kernel is.
import numpy as np
from numba import cuda


@cuda.jit
def inner(a):
    a[cuda.grid(1)] += 1


@cuda.jit
def outer(a):
    if cuda.grid(1) == 0:
        inner[1, 32](a)


a = np.zeros(32)
outer[1, 32](a)
print(a)
