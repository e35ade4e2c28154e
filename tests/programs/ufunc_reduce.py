# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# `u.reduce(x)` of binary CUDA ufuncs, as numba-cuda's documentation uses it: int32 and float64
# sums and a max over even, odd and one-element arrays, a device array, a float32 sum whose
# rounding shows the pairwise order, and the TypeError of an empty array. `.expected` from first
# principles: numba-cuda's DeviceVectorize.reduce (halves added in place, an odd last element
# added after the rest), replayed with NumPy scalars of the array's dtype; the simulator cannot
# run CUDA ufuncs, and the CPU oracle's NumPy reduce adds in another order (and raises
# ValueError for an empty array).
import numpy as np
from numba import cuda, vectorize


@vectorize(["int32(int32, int32)", "float64(float64, float64)", "float32(float32, float32)"], target="cuda")
def vector_add(a, b):
    return a + b


@vectorize(["float64(float64, float64)"], target="cuda")
def larger(a, b):
    return a if a > b else b


x = np.arange(100, dtype=np.int32)
print(vector_add.reduce(x), vector_add.reduce(x[:7]), vector_add.reduce(x[5:6]))
y = np.linspace(-2.0, 3.0, 11)
print(vector_add.reduce(y), larger.reduce(y), larger.reduce(-y))
d = cuda.to_device(np.arange(1.0, 10.0))
print(vector_add.reduce(d))
f = np.array([1e8, 1.0, -1e8, 1.0, 3.0, 1e-3, 7.0], dtype=np.float32)
print(repr(vector_add.reduce(f)))
try:
    vector_add.reduce(np.zeros(0, dtype=np.int32))
except TypeError as e:
    print("TypeError:", e)
