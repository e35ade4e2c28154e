# expect: 17:26: error: 'table', a variable of the function 'main' around the kernel, is not a constant py2cuda can freeze into it
# expect-text: pass it as an argument
# allow-extra-errors
# A kernel defined inside a function reads a device array of the function: Numba captures its
# pointer (later copies into it reach the kernel), which py2cuda cannot freeze.
import numpy as np
from numba import cuda


def main():
    table = cuda.to_device(np.arange(4.0))

    @cuda.jit
    def lookup(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = 2 * table[i]

    out = np.zeros(4)
    lookup[1, 4](out)
    print(out)


main()
