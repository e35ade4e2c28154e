# expect: 17:33: error: the shape of cuda.shared.array must be a constant
# expect-text: np.random.random() draws random numbers when the program runs
# A shared array sized by len() of a device array whose data is drawn at run time: py2cuda knows
# a device array's length only when it is made from a constant NumPy array.
import numpy as np
from numba import cuda, float64


def main():
    a = cuda.to_device(np.random.random(10))
    nelem = len(a)

    @cuda.jit
    def first_half_sum(data, out):
        # Numba freezes nelem (10 here) when it compiles the kernel.
        t = cuda.threadIdx.x
        shr = cuda.shared.array(nelem, float64)
        shr[t] = data[t]
        cuda.syncthreads()
        if t == 0:
            out[0] = shr[0] + shr[1]

    out = cuda.device_array(1)
    first_half_sum[1, nelem](a, out)
    print(out.copy_to_host())


if __name__ == "__main__":
    main()
