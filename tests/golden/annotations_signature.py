"""Golden: a kernel with Python annotations, launched by the file's host code.

Numba ignores annotations: it types the kernel from the launch arguments, so
`def blur(a: float32[:], out: float64[:], n: int64, passes: int32)` launched with a C-contiguous
float32 array, a float64 device array and two Python ints is void(float32[::1], float64[::1],
int64, int64), and so it is in py2cuda (an `n: int8` given 300 stores 300, not 44). Annotations
are the signature only where no host code launches the kernel (a file of kernels alone,
translated with --kernels-only). The device function is not annotated either way: Numba
specialises it per call (`value` is float64 after the first pass, because smooth() returns
float64).
"""
import numpy as np
from numba import cuda, float32, float64, int32, int64


@cuda.jit(device=True)
def smooth(left, mid, right):
    return 0.25 * left + 0.5 * mid + 0.25 * right


@cuda.jit
def blur(a: float32[:], out: float64[:], n: int64, passes: int32):
    i = cuda.grid(1)
    if 0 < i < n - 1:
        value = a[i]
        for _ in range(passes):
            value = smooth(a[i - 1], value, a[i + 1])
        out[i] = value
    elif i == 0 or i == n - 1:
        out[i] = a[i]


if __name__ == "__main__":
    n = 9
    a = np.array([0.0, 0.0, 4.0, 0.0, 0.0, 8.0, 8.0, 0.0, 16.0], dtype=np.float32)
    out = cuda.device_array(n, dtype=np.float64)
    blur[1, 16](cuda.to_device(a), out, n, 2)
    r = out.copy_to_host()
    for i in range(n):
        print(f"out[{i}] = {r[i]}")
