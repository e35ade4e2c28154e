# expect: 6:2: error: CUDA ufunc 'add' has no signatures
# A CUDA ufunc without signatures: numba-cuda compiles only the listed signatures.
from numba import vectorize


@vectorize(target='cuda')
def add(x, y):
    return x + y
