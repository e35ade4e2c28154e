"""A 2-D 5-point stencil (Jacobi smoothing) on a grid built with np.mgrid."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def smooth(src, dst):
    i, j = cuda.grid(2)
    n, m = src.shape
    if 0 < i < n - 1 and 0 < j < m - 1:
        dst[i, j] = 0.25 * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])
    elif i < n and j < m:
        dst[i, j] = src[i, j]


def host_smooth(a):
    out = a.copy()
    out[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
    return out


def main():
    n, m = 12, 10
    ys, xs = np.mgrid[0:n, 0:m]
    print(ys.shape, xs.dtype)
    field = ((xs - m / 2) ** 2 + (ys - n / 2) ** 2).astype(np.float64)
    print(field[:2])
    threads = (8, 8)
    blocks = ((n + 7) // 8, (m + 7) // 8)
    a = cuda.to_device(field)
    b = cuda.device_array_like(field)
    expected = field
    for step in range(20):
        smooth[blocks, threads](a, b)
        a, b = b, a
        expected = host_smooth(expected)
    result = a.copy_to_host()
    print("close:", np.allclose(result, expected))
    print("max abs diff:", np.abs(result - expected).max())
    np.set_printoptions(precision=3, suppress=True)
    print(result[4:7, 3:7])
    i, j = np.unravel_index(np.argmin(result), result.shape)
    print("min at", (i, j), result[i, j])
    flat = np.ravel_multi_index((i, j), result.shape)
    print("flat", flat, result.ravel()[flat] == result.min())
    gx, gy = np.mgrid[0:1:5j, -1:1:3j]
    print(gx)
    print(gy)
    row, col = np.ogrid[0:3, 0:4]
    print(row * 10 + col)
    print(np.mgrid[1:2:0.25])
    print(repr(result.dtype), repr(xs.dtype))


if __name__ == "__main__":
    main()
