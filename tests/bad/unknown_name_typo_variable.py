# expect: 10:9: error: name 'ouput' is not defined
# A misspelled local variable.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def add(a, b, output):
    i = cuda.grid(1)
    if i < output.size:
        ouput[i] = a[i] + b[i]
