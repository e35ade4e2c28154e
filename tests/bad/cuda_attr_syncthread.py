# expect: 13:5: error: 'cuda.syncthread' is not supported by py2cuda
# cuda.syncthreads misspelled without its final 's'.
from numba import cuda
from numba import float32


@cuda.jit("void(float32[::1], float32[::1])")
def reverse_block(x, out):
    tile = cuda.shared.array(128, dtype=float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i]
    cuda.syncthread()
    out[i] = tile[127 - t]
