# expect: 13:7: error: no signature of ufunc 'scale' accepts (array(float64, 1d, C), int64)
# A float64 array given to a CPU ufunc with only an int32 loop (NumPy: TypeError, no loop for casting='safe').
import numpy as np
from numba import vectorize


@vectorize(['int32(int32, int32)'])
def scale(x, k):
    return x * k


xs = np.linspace(0.0, 1.0, 5)
print(scale(xs, 3))
