"""Golden: cuda.jit options that only tune code generation: lineinfo, max_registers,
launch_bounds (a scalar or a tuple: max threads per block, min blocks per SM), and forceinline
for device functions. py2cuda should carry them over (e.g. __launch_bounds__, __forceinline__,
-maxrregcount, -lineinfo) or say why it cannot; they never change results.

The simulator's cuda.jit rejects these keywords, so simulated runs drop them (see
tests/programs/tools/numba_check.py); the compiled Numba output is the same.
"""
# simulator-rejects: lineinfo max_registers launch_bounds forceinline
import numpy as np
from numba import cuda


@cuda.jit("int64(int64, int64)", device=True, forceinline=True)
def mix(a, b):
    return a * 31 + b


@cuda.jit("void(int64[:])", lineinfo=True, max_registers=32, launch_bounds=(128, 2))
def hash_indices(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = mix(mix(i, 7), i % 5)


@cuda.jit("void(int64[:], int64[:])", launch_bounds=256)
def total(values, out):
    if cuda.grid(1) == 0:
        s = 0
        for k in range(values.size):
            s += values[k]
        out[0] = s


if __name__ == "__main__":
    n = 300
    values = cuda.device_array(n, dtype=np.int64)
    hash_indices[3, 128](values)
    out = cuda.device_array(1, dtype=np.int64)
    total[1, 256](values, out)
    v = values.copy_to_host()
    t = out.copy_to_host()
    print(f"values[0] = {v[0]}, values[1] = {v[1]}, values[{n - 1}] = {v[n - 1]}, total = {t[0]}")
