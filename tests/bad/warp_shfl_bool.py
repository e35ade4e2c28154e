# expect: 10:44: error: cuda.shfl_xor_sync() only supports 32- and 64-bit ints and floats (int32, int64, float32, float64), not bool
# A boolean shuffled: Numba's shfl_*_sync reject bool (ballot_sync or any_sync vote on one).
from numba import cuda


@cuda.jit("void(float32[:], int32[:])")
def neighbour_positive(x, out):
    i = cuda.grid(1)
    positive = x[i] > 0
    other = cuda.shfl_xor_sync(0xFFFFFFFF, positive, 1)
    out[i] = other
