# expect: 10:9: error: 'cuda.threadIdx.w' is not supported
# threadIdx has only x, y and z.
from numba import cuda


@cuda.jit("void(float32[:, :, :])")
def fill(volume):
    x = cuda.threadIdx.x
    y = cuda.threadIdx.y
    z = cuda.threadIdx.w
    volume[x, y, z] = 1.0
