# expect: 13:13: error: global 'NOISE' is not a constant py2cuda can freeze into the kernel
# expect-text: 'np.random.rand(...)' cannot be evaluated at translation time; module-level arrays read in kernels must be built from constants with np.array([...]), np.arange, np.zeros, np.ones, np.full or np.linspace
# The array's values are only known when the program runs; pass it as a kernel argument.
import numpy as np
from numba import cuda

NOISE = np.random.rand(16)


@cuda.jit("void(float64[::1])")
def add_noise(x):
    i = cuda.grid(1)
    x[i] += NOISE[i % 16]
