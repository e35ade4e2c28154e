# expect: 14:7: error: no signature of CUDA ufunc 'add_ufunc' accepts (array(int32, 1d, C), array(int32, 1d, C))
# expect-text: has the signature(s) int64(int64, int64), float32(float32, float32)
# An int32 array given to a CUDA ufunc whose loops are int64 and float32 (numba-cuda: TypeError 'No matching version').
import numpy as np
from numba import vectorize


@vectorize(['int64(int64, int64)', 'float32(float32, float32)'], target='cuda')
def add_ufunc(x, y):
    return x + y


a = np.arange(4, dtype=np.int32)
print(add_ufunc(a, a))
