# expect: 10:9: error: 'cuda.fp16.atomicAdd' is not supported by py2cuda: numba-cuda declares it only for a CPointer(float16) address
# numba-cuda's cuda.fp16.atomicAdd takes a pointer, not an array and an index.
from numba import cuda


@cuda.jit("void(float16[:], float16[:])")
def total(values, out):
    i = cuda.grid(1)
    if i < values.size:
        cuda.fp16.atomicAdd(out, 0, values[i])
