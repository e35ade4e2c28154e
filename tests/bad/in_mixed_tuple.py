# expect: 9:14: error: 'in' of a tuple of mixed types Tuple(int64, float64) is not supported by Numba's CUDA target (it has `in` for a tuple of one type only); compare with each element
# A membership test of a tuple whose elements differ in type: Numba has no contains for it.
from numba import cuda


@cuda.jit("void(int64[:], boolean[:])")
def k(x, out):
    i = cuda.grid(1)
    out[i] = x[i] in (1, 2.5)
