# expect: 10:12: error: np.fmod() of int32, int8 takes NumPy's int32 loop, which py2cuda does not translate; convert the arguments to float
# np.fmod of integers: Numba types it by NumPy's integer loop (int32 here), which numba-cuda cannot compile in a kernel.
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:], int8[:])")
def remainders(x, y):
    i = cuda.grid(1)
    x[i] = np.fmod(x[i], y[i])
