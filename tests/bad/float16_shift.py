# expect: 9:12: error: cannot apply '<<' to float16 and int64
# Shifts are for integers; Numba rejects a float16 operand like any float.
from numba import cuda


@cuda.jit("void(float16[:])")
def double_it(x):
    i = cuda.grid(1)
    x[i] = x[i] << 1
