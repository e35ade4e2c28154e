# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# numba-cuda's choice of a CUDA gufunc's signature: the one of exactly the inputs' dtypes, else
# the first whose dtypes cast safely to the inputs' (a float64 array runs a float32-only gufunc,
# converted to float32), else TypeError('no matching signature') when the call runs (a Python
# int for a float64 scalar), which the program catches. `.expected` from
# `NUMBA_ENABLE_CUDASIM=1 python tools/gufunc_sim_oracle.py` (numba-cuda's own dispatch).
import numpy as np
from numba import guvectorize


@guvectorize(['void(float32[:], float32[:])'], '(n)->()', target='cuda')
def total32(a, out):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    out[0] = s


@guvectorize(['void(float64[:], float64, float64[:])', 'void(int64[:], int64, int64[:])'], '(n),()->(n)',
             target='cuda')
def scale(a, k, out):
    for i in range(a.shape[0]):
        out[i] = a[i] * k


@guvectorize(['void(float64[:], float64, float64[:])'], '(n),()->(n)', target='cuda')
def shift(a, k, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + k


x = np.array([[0.5, 0.25], [1.0, 2.0]])
r = total32(x)
print(r.dtype, r)
print(scale(np.arange(3.0), 2.5), scale(np.arange(3), 4))
print(scale(np.arange(3.0), 2))  # the int64 signature: the float64 array converted to int64
try:
    print(shift(np.arange(3.0), 2))
except TypeError as e:
    print("TypeError:", e)
print(shift(np.arange(3.0), 2.0))
