"""Golden: cuda.jit called as a function rather than used as a decorator.

`k = cuda.jit("sig")(f)` compiles the plain Python function f as a kernel named k (the launch
uses the new name); `cuda.jit(device=True)(g)` makes a device function the same way. The plain
functions keep their own names in Python; the translated code should use the names the kernel
is launched and called by.
"""
import numpy as np
from numba import cuda


def square_plain(x):
    return x * x


def sum_of_squares_plain(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = square(a[i]) + square(b[i])


square = cuda.jit(device=True)(square_plain)
sum_of_squares = cuda.jit("void(float32[:], float32[:], float32[:])")(sum_of_squares_plain)


if __name__ == "__main__":
    a = np.arange(5, dtype=np.float32)
    b = np.arange(5, dtype=np.float32) - 2
    out = cuda.device_array(5, dtype=np.float32)
    sum_of_squares[1, 8](cuda.to_device(a), cuda.to_device(b), out)
    r = out.copy_to_host()
    for i in range(5):
        print(f"{a[i]}^2 + {b[i]}^2 = {r[i]}")
