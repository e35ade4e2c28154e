# expect: 9:34: error: cuda.any_sync() needs an integer or boolean predicate, not float32
# A float as a vote's predicate: Numba's votes take integers or booleans (compare it first).
from numba import cuda


@cuda.jit("void(float32[:], int32[:])")
def any_nonzero(x, out):
    i = cuda.grid(1)
    if cuda.any_sync(0xFFFFFFFF, x[i]):
        out[i] = 1
