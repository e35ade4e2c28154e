# expect: 11:5: error: global statement is not supported in CUDA kernels
# allow-extra-errors
# A kernel that tries to update a module global.
from numba import cuda

launches = 0


@cuda.jit("void(float32[::1])")
def touch(x):
    global launches
    launches += 1
    x[cuda.grid(1)] = 1.0
