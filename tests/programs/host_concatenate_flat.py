"""np.concatenate(..., axis=None) of a list or tuple display: NumPy flattens each array (2-D, a
transpose, a column, a list) before joining, with the promoted dtype; the result launched."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def double(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= 2


a = np.arange(6).reshape(2, 3)
b = np.array([[7.5, 8.5]])
flat = np.concatenate((a, b), axis=None)
print(flat, flat.dtype, flat.shape)
print(np.concatenate([a, a.T], axis=None))
print(np.concatenate([a[:, 1], [9, 10]], axis=None), np.concatenate((a, a)).shape)
double[1, 32](flat)
print(flat)
