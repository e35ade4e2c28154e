# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def twice(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * 2


def main():
    types = [np.float32, np.int64]
    print(types, len(types))
    print((np.float32, np.int32), [float, int])
    a = np.arange(4, dtype=np.float32)
    b = np.arange(3)
    twice[1, 32](a)
    print(a.dtype, b.dtype)
    print([a.dtype, b.dtype], (a.dtype,))
    print([np.dtype(np.int32), np.dtype("float64")])
    dtypes = [a.dtype, b.dtype]
    print(dtypes[0], dtypes, repr(a.dtype), str(a.dtype))
    print(f"{a.dtype} {[a.dtype]}")


main()
