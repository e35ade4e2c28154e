# expect: 15:7: warning: compiled Numba makes a device array's .flags a dict
# expect-text: Write `d.is_c_contiguous()`
# `.flags.c_contiguous` on a device array: a NumPy flags object in the simulator, a dict in
# compiled Numba (AttributeError).
import numpy as np
from numba import cuda


@cuda.jit
def fill(out):
    out[cuda.grid(1)] = 2.0


d = cuda.to_device(np.zeros(8, dtype=np.float32))
print(d.flags.c_contiguous)
fill[1, 8](d)
print(d.copy_to_host())
