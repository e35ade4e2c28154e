# expect: 17:26: error: 'lookup' reads 'table' from the function 'main' around it, a device array bound more than once
# expect-text: Numba keeps the array bound at the kernel's first launch
# allow-extra-errors
# A kernel reads a device array of the function around it that is bound again after the first
# launch: Numba's kernel keeps the first array's pointer, a launch-time argument would not.
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
    table = cuda.to_device(np.ones(4))
    lookup[1, 4](out)
    print(out)


main()
