# expect: 10:41: error: cuda.shfl_sync() only supports 32- and 64-bit ints and floats (int32, int64, float32, float64), not uint32
# activemask() is a uint32, which Numba's shfl_sync does not accept: convert it to int32 or int64.
from numba import cuda


@cuda.jit("void(int64[:])")
def lane0_mask(out):
    i = cuda.grid(1)
    mask = cuda.activemask()
    out[i] = cuda.shfl_sync(0xFFFFFFFF, mask, 0)
