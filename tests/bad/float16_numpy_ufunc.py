# expect: 10:19: error: np.sin() does not accept float16: Numba's NumPy functions have no float16 version; use the math module or cuda.fp16
# NumPy ufuncs have no float16 loops on Numba's CUDA target ("unsupported type for input operand").
import numpy as np
from numba import cuda


@cuda.jit("void(float16[:])")
def wave(x):
    i = cuda.grid(1)
    x[i] = np.sin(x[i])
