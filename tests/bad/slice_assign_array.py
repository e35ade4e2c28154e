# expect: 10:9: error: assigning an array to a slice is not supported in CUDA kernels (Numba would need its runtime, NRT, to copy through a temporary): copy the elements in a loop
# Copying one slice into another: numba-cuda rejects it ("NRT required but not
# enabled"), as the copy may go through a temporary array it cannot allocate.
from numba import cuda


@cuda.jit("void(float64[:, ::1])")
def shift_rows(m):
    if cuda.grid(1) == 0:
        m[1:, :] = m[:-1, :]
