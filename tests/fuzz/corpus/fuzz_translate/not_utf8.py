from numba import cuda

@cuda.jit
def k(a):
    ÿþ = 1
    a[0] = "Ã©"
