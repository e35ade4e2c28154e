# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def copy2d(src, dst):
    i, j = cuda.grid(2)
    if i < dst.shape[0] and j < dst.shape[1]:
        dst[i, j] = src[i, j]


def main():
    a = np.zeros((3, 4), dtype=np.float32)
    print(a.strides, a.itemsize, a.nbytes)
    b = np.ones((2, 3, 5))
    print(b.strides, b.itemsize, b.nbytes, b.size * b.itemsize == b.nbytes)
    print(a.T.strides, a[:, 1].strides, a[::2].strides, a[1].strides)
    i8 = np.arange(10, dtype=np.int8)
    print(i8.strides, i8[::3].strides, i8.itemsize, i8.nbytes)
    d = cuda.to_device(a)
    print(d.strides, d.itemsize, d.nbytes)
    out = cuda.device_array((3, 4), dtype=np.float64)
    copy2d[(1, 1), (4, 4)](d, out)
    print(out.strides, out.nbytes, out.copy_to_host().strides)
    row_bytes = a.strides[0]
    print(f"row pitch {row_bytes} bytes, {row_bytes // a.itemsize} elements")


main()
