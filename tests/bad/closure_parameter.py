# expect: 15:27: error: 'scale' reads 'factor' from the function 'run' around it, a parameter of 'run'
# expect-text: pass the value as an argument
# A kernel defined inside a function reads the function's parameter: Numba freezes the value it
# has at compile time, which py2cuda cannot know when translating.
import numpy as np
from numba import cuda


def run(factor):
    @cuda.jit
    def scale(x):
        i = cuda.grid(1)
        if i < x.size:
            # the kernel sees `factor` as the constant it was at the first launch
            x[i] = x[i] * factor

    x = np.arange(4, dtype=np.float32)
    scale[1, 4](x)
    print(x)


run(3)
