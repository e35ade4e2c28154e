# expect: 19:16: error: numba-cuda takes the outputs of gufunc 'min_max' as trailing positional arguments, not as an out= tuple
# An out= tuple for a CUDA gufunc with two outputs: numba-cuda's gufunc takes out= as one array; the outputs go after the inputs.
import numpy as np
from numba import guvectorize


@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n)->(),()', target='cuda')
def min_max(x, lo, hi):
    lo[0] = x[0]
    hi[0] = x[0]
    for v in x:
        lo[0] = min(lo[0], v)
        hi[0] = max(hi[0], v)


m = np.arange(12.0).reshape(3, 4)
lo = np.zeros(3)
hi = np.zeros(3)
min_max(m, out=(lo, hi))
print(lo, hi)
