# expect: 9:32: error: cuda.syncthreads_count() takes an integer predicate, not bool (Numba accepts only integers here)
# A comparison as syncthreads_count's predicate: Numba accepts only integers there (int(x[i] > 0)).
from numba import cuda


@cuda.jit("void(float32[:], int32[:])")
def count_positive(x, out):
    i = cuda.grid(1)
    n = cuda.syncthreads_count(x[i] > 0)
    if i == 0:
        out[0] = n
