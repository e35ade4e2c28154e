# expect: 14:9: error: cannot modify readonly array of type readonly array(float32, 1d, C)
# expect-text: pass it as a kernel argument
# A module-level NumPy array is frozen into the kernel as a constant; Numba rejects stores too.
import numpy as np
from numba import cuda

HISTORY = np.zeros(8, dtype=np.float32)


@cuda.jit("void(float32[::1])")
def record(x):
    i = cuda.grid(1)
    if i < HISTORY.size:
        HISTORY[i] = x[i]
