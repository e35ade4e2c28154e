# expect: 11:13: error: raise in a CUDA kernel is supported with @cuda.jit(debug=True), where it stops the kernel with the Python location
# Input validation with an exception, in a kernel built without debug=True.
from numba import cuda


@cuda.jit("void(float32[:])")
def check_positive(a):
    i = cuda.grid(1)
    if i < a.size:
        if a[i] < 0:
            raise ValueError("negative input")
