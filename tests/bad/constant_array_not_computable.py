# expect: 13:13: error: global 'NOISE' is not a constant py2cuda can freeze into the kernel
# expect-text: np.random.rand() draws random numbers when the program runs, so its value cannot be frozen into a kernel at translation time
# The array's values are only known when the program runs; pass it as a kernel argument.
import numpy as np
from numba import cuda

NOISE = np.random.rand(16)


@cuda.jit("void(float64[::1])")
def add_noise(x):
    i = cuda.grid(1)
    x[i] += NOISE[i % 16]
