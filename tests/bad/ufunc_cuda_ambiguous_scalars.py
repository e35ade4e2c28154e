# expect: 11:7: error: the call of CUDA ufunc 'twice_plus' matches several signatures through its scalar arguments
# Two Python scalars: no loop has their own types exactly, both loops' arrays match (numba-cuda: TypeError 'ambiguous signature').
from numba import vectorize


@vectorize(['float32(float32, float32)', 'float64(float64, float64)'], target='cuda')
def twice_plus(x, y):
    return 2 * x + y


print(twice_plus(1, 2))
