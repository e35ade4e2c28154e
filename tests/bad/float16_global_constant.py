# expect: 11:19: error: global 'SCALE' is a float16 constant, which Numba's CUDA target cannot compile
# numba-cuda 0.30.4 generates IR for a frozen float16 global that NVVM rejects (ERROR_INVALID_IR).
import numpy as np
from numba import cuda

SCALE = np.float16(0.1)


@cuda.jit("void(float16[:])")
def scale(x):
    x[0] = x[0] * SCALE
