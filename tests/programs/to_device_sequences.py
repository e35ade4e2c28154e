"""cuda.to_device() of lists and tuples, which Numba copies through np.asarray: NumPy's dtype
(int64 for ints, float64 once a float is there, bool) and the shape of nested lists; kernels
write into them and the host reads elements back (d[i], d[-1], d[i, j]).
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def double(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= 2


@cuda.jit
def double2(x):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        x[i, j] *= 2


if __name__ == "__main__":
    a = cuda.to_device([1, 10, 234])
    b = cuda.to_device((0.5, 2, 3))
    c = cuda.to_device([[1, 2, 3], [4, 5, 6]])
    d = cuda.to_device([True, False])
    e = cuda.to_device([1.5, 2.5])
    double[1, 4](a)
    double[1, 4](b)
    double2[(1, 1), (4, 4)](c)
    print(a.copy_to_host(), a.dtype, a.shape)
    print(b.copy_to_host(), b.dtype)
    print(c.copy_to_host(), c.dtype, c.shape)
    print(d.copy_to_host(), d.dtype, e.copy_to_host())
    print(a[0], a[-1], c[1, 2], b[1])
