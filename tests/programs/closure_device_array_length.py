"""A shared array sized by `n = len(a)` of a device array made from a constant-shaped NumPy
array, read from the function around the kernel (as numba-cuda's reduction example sizes
its shared memory): Numba freezes the int n; py2cuda knows len(a) from the array the device
copy was made of. Also device-array elements read on the host (`a[0]`, `a[-1]`, a strided
slice's element, 2-D indices), each copied back as a NumPy scalar.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, int32


def main():
    a = cuda.to_device(np.arange(96, dtype=np.int32))
    n = len(a)

    @cuda.jit
    def block_sum(data, out):
        shr = cuda.shared.array(n, int32)
        t = cuda.threadIdx.x
        shr[t] = data[t]
        cuda.syncthreads()
        if t == 0:
            s = 0
            for i in range(n):
                s += shr[i]
            out[0] = s

    out = cuda.device_array(1, dtype=np.int64)
    block_sum[1, n](a, out)
    print("sum of", n, "elements:", out[0])
    print("a[0], a[5], a[-1]:", a[0], a[5], a[-1])
    evens = a[::2]
    print("a[::2][3]:", evens[3], len(evens))
    m = cuda.to_device(np.arange(12, dtype=np.float32).reshape(3, 4))
    print("m[1, 2], m[-1, -1]:", m[1, 2], m[-1, -1])
    print(repr(m[0, 1]))


if __name__ == "__main__":
    main()
