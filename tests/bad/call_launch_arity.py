# expect: 9:5: error: kernel 'add' has no type signature
# allow-extra-errors
# The host launch passes one argument too few.
import numpy as np
from numba import cuda


@cuda.jit
def add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


n = 1024
a = cuda.to_device(np.ones(n, dtype=np.float32))
out = cuda.device_array(n, dtype=np.float32)
add[4, 256](a, out)
print(out.copy_to_host()[:4])
