# expect: 20:11: error: gufunc 'min_max' accepts 1 positional argument (when providing input only) or 3 positional arguments (when providing input and output); got 2
# One output array given to a gufunc with two outputs (numba-cuda: TypeError 'This gufunc accepts 1 positional argument ...').
import numpy as np
from numba import guvectorize


@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n)->(),()', target='cuda')
def min_max(x, lo, hi):
    lo[0] = x[0]
    hi[0] = x[0]
    for v in x:
        lo[0] = min(lo[0], v)
        hi[0] = max(hi[0], v)


if __name__ == "__main__":
    m = np.arange(12.0).reshape(3, 4)
    lo = np.zeros(3)
    hi = np.zeros(3)
    print(min_max(m, lo))
    print(hi)
