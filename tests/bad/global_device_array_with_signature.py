# expect: 13:13: error: 'scale' reads the device array 'FACTORS' from module level, which Numba captures by its pointer; py2cuda passes such an array to a kernel without a signature at each launch, and 'scale' is a kernel with a signature
# expect-text: pass 'FACTORS' as an argument instead
# allow-extra-errors
import numpy as np
from numba import cuda

FACTORS = cuda.to_device(np.arange(4.0))


@cuda.jit("void(float64[:])")
def scale(x):
    i = cuda.grid(1)
    x[i] *= FACTORS[i]


x = np.ones(4)
scale[1, 4](x)
print(x)
