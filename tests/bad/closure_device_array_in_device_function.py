# expect: 16:16: error: 'lookup' reads the device array 'table' from the function 'main' around it, which Numba captures by its pointer; py2cuda passes such an array to a kernel without a signature at each launch, and 'lookup' is a device function
# expect-text: pass 'table' as an argument instead
# allow-extra-errors
# A device function reads a device array of the function around it. Numba embeds the array's
# pointer; py2cuda passes a captured array to a kernel by its launches, which a device function
# does not have.
import numpy as np
from numba import cuda


def main():
    table = cuda.to_device(np.arange(4.0))

    @cuda.jit(device=True)
    def lookup(i):
        return table[i]

    @cuda.jit
    def gather(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = lookup(i)

    out = np.zeros(4)
    gather[1, 4](out)
    print(out)


main()
