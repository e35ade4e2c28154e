# expect: 11:43: error: cuda.shfl_sync() only supports 32- and 64-bit ints and floats (int32, int64, float32, float64), not UniTuple(float32 x 2)
# A tuple shuffled as one value: Numba's shfl_sync takes int32, int64, float32 or float64 only.
from numba import cuda


@cuda.jit("void(float32[:], float32[:])")
def broadcast_pair(x, y):
    i = cuda.grid(1)
    if i < x.size:
        pair = (x[i], y[i])
        pair = cuda.shfl_sync(0xFFFFFFFF, pair, 0)
        x[i] = pair[0]
