# expect: 10:31: error: cuda.const.array_like() takes a module-level NumPy array built from constants
# cuda.const.array_like copies a host array into constant memory; a kernel argument is already on the device.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def scale(weights, x):
    i = cuda.grid(1)
    w = cuda.const.array_like(weights)
    x[i] *= w[i]
