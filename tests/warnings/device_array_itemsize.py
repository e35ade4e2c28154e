# expect: 15:26: warning: compiled Numba has no .itemsize on a device array
# expect-text: Write `d.dtype.itemsize`
# A NumPy attribute on a device array: the simulator's device arrays forward it to NumPy,
# compiled Numba's DeviceNDArray has no such attribute.
import numpy as np
from numba import cuda


@cuda.jit
def fill(out):
    out[cuda.grid(1)] = 1.0


d = cuda.to_device(np.zeros(8, dtype=np.float32))
print("bytes:", d.size * d.itemsize)
fill[1, 8](d)
print(d.copy_to_host())
