# expect: 8:30: error: the shape of cuda.shared.array must be a constant: an integer or a tuple of integers known at translation time
# cuda.shared.array sized by the block size.
from numba import cuda, float32


@cuda.jit("void(float32[::1], float32[::1])")
def block_copy(x, out):
    tile = cuda.shared.array(cuda.blockDim.x, dtype=float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i]
    cuda.syncthreads()
    out[i] = tile[t]
