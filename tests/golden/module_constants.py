"""Golden: module-level constants used in kernels and device functions.

Numba freezes a global's value into the kernel when it compiles it, typed from the value: a
Python int is int64, a float float64, a bool bool, a tuple a (Uni)Tuple of those, and a NumPy
scalar keeps its dtype (np.float32(1.5) is float32, so x_f32 * HALF stays float32 while
x_f32 * SCALE is float64). Constants may be computed from other constants and from math.pi.
"""
# simulator-differs: times_scale
import math

import numpy as np
from numba import cuda

N_BINS = 4
SCALE = 0.1
ENABLED = True
WEIGHTS = (1.0, 2.0, 4.0)
OFFSETS = (3, -1)
TWO_PI = 2 * math.pi
SQRT_2PI = np.float32((2 * math.pi) ** 0.5)
HALF = np.float32(1.5)
BIG = 2 ** 40 + 1
LIMIT = np.int32(-7)


@cuda.jit(device=True)
def weighted(k):
    return WEIGHTS[k % len(WEIGHTS)] * OFFSETS[0]


@cuda.jit("void(float32[:], float64[:, :])")
def use_constants(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = x[i] * SCALE  # float64
        out[i, 1] = x[i] * HALF  # float32
        out[i, 2] = x[i] / SQRT_2PI  # float32
        out[i, 3] = weighted(i) + OFFSETS[1]
        out[i, 4] = math.sin(TWO_PI * (i + 0.5) / N_BINS)
        acc = 0
        for k in range(N_BINS):
            acc += k
        out[i, 5] = acc if ENABLED else -1
        out[i, 6] = BIG % (i + 2) + LIMIT


if __name__ == "__main__":
    x = np.array([0.1, 1.0, 3.3, -2.5, 7.0], dtype=np.float32)
    out = cuda.device_array((5, 7), dtype=np.float64)
    use_constants[1, 8](cuda.to_device(x), out)
    r = out.copy_to_host()
    for i in range(5):
        print(f"times_scale: {x[i]} * SCALE = {r[i, 0]:.17g}")
    for i in range(5):
        print(f"times_half: {x[i]} * HALF = {r[i, 1]:.17g}")
    for i in range(5):
        print(f"others: x / SQRT_2PI {r[i, 2]:.6f}, weighted {r[i, 3]}, sin {r[i, 4]:.6f}, acc {r[i, 5]}, "
              f"BIG % (i+2) + LIMIT {r[i, 6]}")
