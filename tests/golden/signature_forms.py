"""Golden: the ways a signature can be written.

  - a string without the return type: "(float32[:], int32)" (void for a kernel);
  - numba type objects instead of a string: void(float64[:], int32), float64(float64, int32);
  - abbreviated type names: f4 = float32, f8 = float64, i4 = int32, i8 = int64, u1 = uint8,
    b1 = boolean, intp = int64 (on 64-bit targets);
  - a list of signatures: one kernel compiled twice, the launch picks the instantiation whose
    parameter types match the arguments (a float32 array, then a float64 array).
"""
import numpy as np
from numba import cuda, float64, int32, void


@cuda.jit("(float32[:], int32)")
def fill(a, value):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = value + i


@cuda.jit(float64(float64, int32), device=True)
def scaled(x, k):
    return x * k


@cuda.jit(void(float64[:], int32))
def scale_in_place(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = scaled(a[i], k)


@cuda.jit("void(f4[:], f8[:], i4[:], i8[:], u1[:], b1[:], intp)")
def abbreviations(f, d, i, l, u, b, n):
    for k in range(n):
        f[k] = k / 4
        d[k] = k / 4
        i[k] = -k
        l[k] = k * 1000000000000
        u[k] = k * 60
        b[k] = k % 2 == 1


@cuda.jit(["void(float32[:], float32)", "void(float64[:], float64)"])
def add_scalar(a, s):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += s


if __name__ == "__main__":
    a = cuda.device_array(4, dtype=np.float32)
    fill[1, 4](a, 10)
    filled = a.copy_to_host()

    d = cuda.to_device(np.arange(4, dtype=np.float64) + 0.5)
    scale_in_place[1, 4](d, 3)
    scaled_host = d.copy_to_host()
    for k in range(4):
        print(f"fill: {filled[k]}, scale_in_place: {scaled_host[k]}")

    n = 5
    f = cuda.device_array(n, dtype=np.float32)
    dd = cuda.device_array(n, dtype=np.float64)
    i = cuda.device_array(n, dtype=np.int32)
    l = cuda.device_array(n, dtype=np.int64)
    u = cuda.device_array(n, dtype=np.uint8)
    b = cuda.device_array(n, dtype=np.bool_)
    abbreviations[1, 1](f, dd, i, l, u, b, n)
    f_host = f.copy_to_host()
    d_host = dd.copy_to_host()
    i_host = i.copy_to_host()
    l_host = l.copy_to_host()
    u_host = u.copy_to_host()
    b_host = b.copy_to_host()
    for k in range(n):
        print(f"abbreviations: f4 {f_host[k]} f8 {d_host[k]} i4 {i_host[k]} i8 {l_host[k]} u1 {u_host[k]} "
              f"b1 {b_host[k]}")

    x32 = cuda.to_device(np.arange(3, dtype=np.float32))
    x64 = cuda.to_device(np.arange(3, dtype=np.float64))
    add_scalar[1, 4](x32, np.float32(0.1))
    add_scalar[1, 4](x64, 0.1)
    r32 = x32.copy_to_host()
    r64 = x64.copy_to_host()
    for k in range(3):
        print(f"add_scalar: float32 {r32[k]:.17g}, float64 {r64[k]:.17g}")
