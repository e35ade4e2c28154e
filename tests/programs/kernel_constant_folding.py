# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Arithmetic of literals that CPython folds before Numba sees it: `10 ** -3` is the float 0.001
# (Numba's int64 power would give 0), `2 ** 63` and `0xFFFFFFFFFFFFFFFF // 3` are uint64
# constants, `-2 ** 63` and `2 ** 63 - 1` the int64 extremes; in kernels, a device function,
# a module constant and host code. Arithmetic Numba evaluates alike stays as written.
import numpy as np
from numba import cuda

EPS = 10 ** -6
TOL = 2 ** -10


@cuda.jit(device=True)
def to_unit(u):
    # a uint64 draw scaled to [0, 1), as RNG code writes it
    return u * (1.0 / 2 ** 64)


@cuda.jit
def safe_ratio(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] / (b[i] + 10 ** -3)


@cuda.jit
def constants(f, u, n):
    f[0] = 2 ** -1
    f[1] = 10 ** -3
    f[2] = 3 ** 40
    f[3] = 1.0 / 2 ** 63
    f[4] = EPS
    f[5] = TOL
    f[6] = to_unit(u[3])
    u[0] = 0xFFFFFFFFFFFFFFFF // 3
    u[1] = 1 << 63
    u[2] = (1 << 63) >> 1
    n[0] = -2 ** 63
    n[1] = 2 ** 63 - 1
    n[2] = 7 // -2
    n[3] = -7 % 3
    n[4] = 3 ** 40 // 10 ** 10
    n[5] = 2 * 3 * 4 + (1 << 33)


a = np.ones(3)
b = np.zeros(3)
out = np.zeros(3)
safe_ratio[1, 32](a, b, out)
print(out)
f = np.zeros(7)
u = np.array([0, 0, 0, 0xDEADBEEFCAFEBABE], dtype=np.uint64)
n = np.zeros(6, dtype=np.int64)
constants[1, 1](f, u, n)
print(f)
print(u)
print(n)
print(10 ** -3, EPS, TOL * 2 ** 10, 2 ** 63 - 1, -2 ** 63)
