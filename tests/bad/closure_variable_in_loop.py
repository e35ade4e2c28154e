# expect: 17:21: error: 'add_offset' reads 'offset' from the function 'main' around it, which is not set by one plain assignment before its first use
# expect-text: one plain assignment `offset = ...`
# A kernel defined inside a function reads a variable the function sets in a loop: which value
# Numba freezes depends on how the loop ran.
import numpy as np
from numba import cuda


def main():
    for offset in range(3):
        pass

    @cuda.jit
    def add_offset(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] += offset

    x = np.zeros(4)
    add_offset[1, 4](x)
    print(x)


if __name__ == "__main__":
    main()
