# expect: 10:8: error: 'is' comparisons are only supported with None in CUDA kernels; use == for numbers
# `is` between two numbers compares identity in Python, not value: a mistake
# for ==, which py2cuda rejects like Numba's typing does for numbers.
from numba import cuda


@cuda.jit("void(int32[:], int32[:])")
def count_equal(a, out):
    i = cuda.grid(1)
    if a[i] is 3:
        cuda.atomic.add(out, 0, 1)
