"""Golden: float16 values and arrays, casts, Numba's float16 typing, and cuda.fp16.

float16 is CUDA's __half (<cuda_fp16.h>). Numba's CUDA target computes +, -, *, / of two
float16s, or of a float16 with an int8 or a bool, in float16 (native half instructions); with
anything wider it converts to float32 or float64 like NumPy would. //, % and ** have no float16
version and compute in float32. math.sin, cos, tanh, exp, exp2, log, log2, log10, sqrt, fabs,
floor, ceil and trunc of a float16 use the half functions (hsin, ...) and return float16; the
other math functions compute in float32. float(x) of a float16 stays float16. cuda.fp16's
functions (written cuda.fp16.hadd: the simulator has no numba.cuda.fp16 module) convert their
arguments to float16. print() shows a float16 as a float64 with %f.
"""
# simulator-differs: typing fp16 print
import math

import numpy as np
from numba import cuda
from numba.types import float16


@cuda.jit("void(float16[:], float16[:], float16[:, :], boolean[:, :])")
def arithmetic(a, b, out, flags):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = x + y
        out[i, 1] = x - y
        out[i, 2] = x * y
        out[i, 3] = x / y
        out[i, 4] = -x
        out[i, 5] = abs(x)
        out[i, 6] = x * np.int8(3) + np.float16(0.5)  # float16 with int8: still float16
        out[i, 7] = max(x, y)
        flags[i, 0] = x < y
        flags[i, 1] = x == y
        flags[i, 2] = x != y
        flags[i, 3] = x >= np.float16(1.0)


@cuda.jit("void(float16[:], float64[:], int64[:], float16[:, :], float32[:], int64[:, :])")
def casts(a, x, n, halves, singles, ints):
    i = cuda.grid(1)
    if i < a.size:
        halves[i, 0] = np.float16(x[i])  # float64 -> float16, rounded once
        halves[i, 1] = float16(n[i])
        halves[i, 2] = float(a[i])  # stays float16
        singles[i] = np.float32(a[i]) + np.float32(0.25)
        ints[i, 0] = int(a[i])
        ints[i, 1] = round(a[i])


@cuda.jit("void(float16[:], float32[:, :])")
def typing(a, wide):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        wide[i, 0] = x // np.float16(2)  # float32
        wide[i, 1] = x ** 2  # float32: the exact square
        wide[i, 2] = x * np.int16(3)  # float32
        wide[i, 3] = math.atan(x)  # no float16 version: float32


@cuda.jit("void(float16[:], float16[:], float16[:], float16[:, :], boolean[:, :])")
def fp16_functions(a, b, c, out, flags):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = cuda.fp16.hadd(x, y)
        out[i, 1] = cuda.fp16.hsub(x, y)
        out[i, 2] = cuda.fp16.hmul(x, y)
        out[i, 3] = cuda.fp16.hdiv(x, y)
        out[i, 4] = cuda.fp16.hfma(x, y, c[i])
        out[i, 5] = cuda.fp16.hneg(x)
        out[i, 6] = cuda.fp16.habs(x)
        out[i, 7] = cuda.fp16.hmax(x, y)
        out[i, 8] = cuda.fp16.hmin(x, y)
        out[i, 9] = cuda.fp16.hsqrt(cuda.fp16.habs(x))
        out[i, 10] = cuda.fp16.hfloor(x)
        out[i, 11] = cuda.fp16.hceil(x)
        out[i, 12] = cuda.fp16.htrunc(x)
        out[i, 13] = cuda.fp16.hrint(x)
        out[i, 14] = cuda.fp16.hsin(x)
        out[i, 15] = cuda.fp16.hcos(x)
        out[i, 16] = cuda.fp16.hexp(x)
        out[i, 17] = cuda.fp16.hexp2(x)
        out[i, 18] = cuda.fp16.hlog(cuda.fp16.habs(x))
        out[i, 19] = math.sqrt(y)  # math.* of a float16: the half function
        out[i, 20] = cuda.fp16.hadd(x, 1.0)  # any number converts to float16 first
        flags[i, 0] = cuda.fp16.heq(x, y)
        flags[i, 1] = cuda.fp16.hne(x, y)
        flags[i, 2] = cuda.fp16.hlt(x, y)
        flags[i, 3] = cuda.fp16.hge(x, y)


@cuda.jit(device=True)
def scaled(h):
    return h * np.float16(0.1), h + h  # 0.1 in float16 is 0.0999755859375


@cuda.jit("void(float16[:], float16[:])")
def block_sum(a, out):
    s = cuda.shared.array(32, np.float16)
    i = cuda.threadIdx.x
    s[i] = a[i] if i < a.size else np.float16(0)
    cuda.syncthreads()
    if i == 0:
        acc = np.float16(0)
        for v in s:
            acc += v  # rounded to float16 after every addition
        p, q = scaled(acc)
        out[0] = acc
        out[1] = p
        out[2] = q


@cuda.jit("void(float16)")
def show(h):
    print("print", h, h * h)


if __name__ == "__main__":
    a = np.array([1.5, -2.25, 0.1, 65504.0, 3.0, 0.0], dtype=np.float16)
    b = np.array([0.5, 3.0, 0.2, 2.0, 3.0, -1.0], dtype=np.float16)
    out = cuda.device_array((6, 8), dtype=np.float16)
    flags = cuda.device_array((6, 4), dtype=np.bool_)
    arithmetic[1, 32](cuda.to_device(a), cuda.to_device(b), out, flags)
    r, f = out.copy_to_host(), flags.copy_to_host()
    for i in range(6):
        print("arithmetic:", a[i], b[i], "->", " ".join(str(v) for v in r[i]), f[i].tolist())

    x = np.array([0.1, 1e-7, 70000.0, -2.5, 1.0009765625, 3.0e-8])
    n = np.array([2049, -7, 100000, 0, 65519, 3], dtype=np.int64)
    halves = cuda.device_array((6, 3), dtype=np.float16)
    singles = cuda.device_array(6, dtype=np.float32)
    ints = cuda.device_array((6, 2), dtype=np.int64)
    casts[1, 32](cuda.to_device(a), cuda.to_device(x), cuda.to_device(n), halves, singles, ints)
    h, s, k = halves.copy_to_host(), singles.copy_to_host(), ints.copy_to_host()
    for i in range(6):
        print("casts:", h[i].tolist(), s[i], k[i].tolist())

    wide = cuda.device_array((6, 4), dtype=np.float32)
    typing[1, 32](cuda.to_device(a), wide)
    w = wide.copy_to_host()
    for i in range(6):
        print("typing:", a[i], "->", " ".join(f"{v:.6g}" for v in w[i]))

    x = np.array([1.5, -2.25, 0.1, 300.5, 2.75], dtype=np.float16)
    c = np.array([0.25, 1.0, -0.5, 2.0, 0.0], dtype=np.float16)
    out = cuda.device_array((5, 21), dtype=np.float16)
    flags = cuda.device_array((5, 4), dtype=np.bool_)
    fp16_functions[1, 32](cuda.to_device(x), cuda.to_device(b[:5]), cuda.to_device(c), out, flags)
    r, f = out.copy_to_host(), flags.copy_to_host()
    for i in range(5):
        # The GPU's hsin, hcos, hexp, hexp2 and hlog are approximations: shown to 2 decimals.
        exact = " ".join(str(v) for v in list(r[i, :14]) + list(r[i, 19:]))
        approx = " ".join(f"{v:.2f}" for v in r[i, 14:19])
        print("fp16:", exact, "|", approx, f[i].tolist())

    ones = np.full(20, 1.001, dtype=np.float16)
    sums = cuda.device_array(3, dtype=np.float16)
    block_sum[1, 32](cuda.to_device(ones), sums)
    print("block_sum:", sums.copy_to_host().tolist())

    show[1, 1](np.float16(1.5))
    cuda.synchronize()
