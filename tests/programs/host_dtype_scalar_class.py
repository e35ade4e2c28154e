# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_dtype_scalar_class.py)
# An array's scalar class, a.dtype.type: a kernel argument of the array's own type
# (x.dtype.type(7) for float32 and int16 arrays in a loop over classes), its __name__, `is` with
# the class looped over, a dtype object's .type, and the class held in a name and called.
import numpy as np
from numba import cuda

@cuda.jit
def add(x, v):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += v

for dt in (np.float32, np.int16):
    x = np.zeros(3, dtype=dt)
    v = x.dtype.type(7)
    add[1, 32](x, v)
    print(x, type(v).__name__, x.dtype.type.__name__, x.dtype.type is dt)
d = np.dtype("float64")
print(d.type(2.5), d.type.__name__)
y = np.ones(2, dtype=np.uint8)
scalar_cls = y.dtype.type
print(scalar_cls(300 % 256), scalar_cls.__name__)
