# expect: 11:14: error: cuda.shfl_down_sync() takes 3 arguments but 2 were given
# shfl_down_sync without its mask: Numba's warp functions take the member mask first.
from numba import cuda


@cuda.jit("void(float32[:])")
def warp_sum(x):
    i = cuda.grid(1)
    v = x[i]
    for offset in (16, 8, 4, 2, 1):
        v += cuda.shfl_down_sync(v, offset)
    x[i] = v
