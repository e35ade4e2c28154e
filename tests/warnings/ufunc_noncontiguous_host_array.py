# expect: 16:13: warning: compiled Numba cannot copy a non-contiguous host array to the device for a CUDA ufunc
# expect-text: np.ascontiguousarray(m[:, 1])
# A column of a host matrix to a CUDA gufunc: the simulator reads the view, compiled Numba cannot
# copy it to the device (ValueError). (numba-cuda's simulator runs no CUDA ufunc at all: the warning is
# what compiled Numba would do.)
import numpy as np
from numba import guvectorize


@guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda')
def total(x, r):
    r[0] = x[0] + x[1]


m = np.arange(12.0).reshape(3, 4)
print(total(m[:, 1]), total(np.ascontiguousarray(m[:, 1])))
