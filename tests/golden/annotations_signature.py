"""Golden: a kernel typed by Python annotations instead of a signature string.

Numba itself ignores annotations (it types the kernel from the launch arguments, which here have
exactly the annotated types); py2cuda reads them as the signature:
`def blur(a: float32[:], out: float64[:], n: int64, passes: int32)` means
void(float32[:], float64[:], int64, int32). The device function is not annotated: Numba would
ignore annotations there too and specialise it per call (`value` is float64 after the first
pass, because smooth() returns float64), so annotating it float32 would change the result.
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
