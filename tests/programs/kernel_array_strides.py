# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python kernel_array_strides.py)
# An array's strides, itemsize and nbytes read in a kernel, in bytes as Numba's array struct
# holds them (py2cuda's Array counts elements, so the kernel multiplies by the item's size): a
# C-contiguous float32 matrix, a strided int16 device view, a column-strided float64 view.
import numpy as np
from numba import cuda

@cuda.jit
def info(a, b, out):
    i = cuda.grid(1)
    if i == 0:
        s0, s1 = a.strides
        out[0] = s0
        out[1] = s1
        out[2] = a.itemsize
        out[3] = a.nbytes
        out[4] = b.strides[0]
        out[5] = b.itemsize * b.size

a = np.zeros((3, 5), dtype=np.float32)
b = cuda.to_device(np.arange(12, dtype=np.int16))[::3]
out = np.zeros(6, dtype=np.int64)
info[1, 1](a, b, out)
print(out, a.strides, b.strides)
t = cuda.to_device(np.zeros((4, 6)))
info[1, 1](t[:, ::2], cuda.to_device(np.ones(3)), out)
print(out)
