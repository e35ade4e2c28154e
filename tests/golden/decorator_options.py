"""Golden: cuda.jit options that the simulator also accepts: fastmath, opt, debug, cache for
kernels; inline for device functions (both the deprecated bool and the "always" string).

None of them changes what these kernels compute: fastmath allows approximate division, square
roots and flushing subnormals to zero, so the kernel uses only operations that stay exact
(sums and products of small integers, division by a power of two).
"""
import numpy as np
from numba import cuda


@cuda.jit(device=True, inline=True)
def twice(x):
    return 2 * x


@cuda.jit("float32(float32)", device=True, inline="always")
def plus_one(x):
    return x + 1


@cuda.jit("void(float32[:], float32[:])", fastmath=True, opt=True, debug=False, cache=False)
def fast(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = plus_one(twice(x[i])) / 4


if __name__ == "__main__":
    x = np.arange(6, dtype=np.float32) - 2
    out = cuda.device_array(6, dtype=np.float32)
    fast[2, 4](cuda.to_device(x), out)
    r = out.copy_to_host()
    for i in range(6):
        print(f"(2 * {x[i]} + 1) / 4 = {r[i]}")
