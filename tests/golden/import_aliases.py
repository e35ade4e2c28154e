"""Golden: the numba.cuda and math modules reached through aliases and full dotted paths.

`import numba.cuda as cuda`, `from numba import cuda as nc`, `import numba` (then
numba.cuda.jit, numba.cuda.grid) all name the same module; `import math as m` and
`import numpy as npy` rename math and numpy. The translator resolves each name to what it is
bound to, whatever it is called.
"""
# simulator-shim: cuda-attributes
import math as m

import numba
import numba.cuda as cuda
import numpy as npy
from numba import cuda as nc

THIRD = npy.float32(1.0 / 3.0)


@nc.jit("float32(float32)", device=True)
def cube_root(x):
    return m.copysign(m.fabs(x) ** THIRD, x)


@numba.cuda.jit("void(float32[:], float32[:])")
def roots(a, out):
    i = numba.cuda.grid(1)
    if i < a.size:
        out[i] = cube_root(a[i])


@cuda.jit("void(int32[:])")
def block_ids(out):
    i = nc.threadIdx.x + cuda.blockIdx.x * numba.cuda.blockDim.x
    if i < out.size:
        out[i] = cuda.blockIdx.x * 100 + nc.threadIdx.x


if __name__ == "__main__":
    a = npy.array([27.0, -8.0, 0.0, 1000.0, 2.0], dtype=npy.float32)
    out = nc.device_array(5, dtype=npy.float32)
    roots[1, 8](nc.to_device(a), out)
    r = out.copy_to_host()
    for i in range(5):
        print(f"cbrt({a[i]}) = {r[i]:.4f}")

    ids = numba.cuda.device_array(6, dtype=npy.int32)
    block_ids[3, 2](ids)
    b = ids.copy_to_host()
    for i in range(6):
        print(f"thread {i}: {b[i]}")
