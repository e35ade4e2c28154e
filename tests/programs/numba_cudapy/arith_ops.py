"""numba-cuda's test_idiv.py, test_powi.py, test_minmax.py, test_py2_div_issue.py, test_boolean.py,
test_lang.py and test_operator.py: in-place division of 2-D arrays, math.pow with an int32
exponent, ** of float64 by int8, pow/** of complex numbers, min/max of mixed float widths,
operator-module functions called in kernels, enumerate/zip over captured tuples."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import math
import operator

import numpy as np
from numba import cuda
from numba.cuda import float32, float64, int8, int32, void


@cuda.jit(void(float32[:, :], int32, int32))
def div(grid, l_x, l_y):
    for x in range(l_x):
        for y in range(l_y):
            grid[x, y] /= 2.0


@cuda.jit(void(float64[:, :], int32, int32))
def div_double(grid, l_x, l_y):
    for x in range(l_x):
        for y in range(l_y):
            grid[x, y] /= 2.0


def cu_mat_power(A, power, power_A):
    y, x = cuda.grid(2)
    m, n = power_A.shape
    if x >= n or y >= m:
        return
    power_A[y, x] = math.pow(A[y, x], int32(power))


def cu_mat_power_binop(A, power, power_A):
    y, x = cuda.grid(2)
    m, n = power_A.shape
    if x >= n or y >= m:
        return
    power_A[y, x] = A[y, x] ** power


dec = cuda.jit(void(float64[:, :], int8, float64[:, :]))
powi = dec(cu_mat_power)
powi_binop = dec(cu_mat_power_binop)


# Complex arrays stay in kernels (py2cuda's host code has none): parts in, parts out.
@cuda.jit
def vec_pow(out, xs, ys):
    i = cuda.grid(1)
    if i < out.shape[0]:
        x = complex(xs[i, 0], xs[i, 1])
        y = complex(ys[i, 0], ys[i, 1])
        r = pow(x, y)
        out[i, 0] = r.real
        out[i, 1] = r.imag
        r = x ** y
        out[i, 2] = r.real
        out[i, 3] = r.imag
        x **= y
        out[i, 4] = x.real
        out[i, 5] = x.imag
        x64 = np.complex64(complex(xs[i, 0], xs[i, 1]))
        y64 = np.complex64(complex(ys[i, 0], ys[i, 1]))
        r64 = x64 ** y64
        out[i, 6] = r64.real
        out[i, 7] = r64.imag
        r = x ** 2
        out[i, 8] = r.real
        out[i, 9] = r.imag


@cuda.jit
def builtin_max(A, B, C):
    i = cuda.grid(1)
    if i >= len(C):
        return
    C[i] = float64(max(A[i], B[i]))


@cuda.jit
def builtin_min(A, B, C):
    i = cuda.grid(1)
    if i >= len(C):
        return
    C[i] = float64(min(A[i], B[i]))


@cuda.jit(void(float32[:], float32[:], float32[:], int32))
def preCalc(y, yA, yB, numDataPoints):
    i = cuda.grid(1)
    k = i % numDataPoints  # noqa: F841
    ans = float32(1.001 * float32(i))
    y[i] = ans
    yA[i] = ans * 1.0
    yB[i] = ans / 1.0


def boolean_func(A, vertial):
    if vertial:
        A[0] = 123
    else:
        A[0] = 321


boolean_kernel = cuda.jit("void(float64[:], bool_)")(boolean_func)


@cuda.jit
def op_add(a, b):
    a[0] = operator.add(a[0], b[0])


@cuda.jit
def op_all(a, b, out):
    i = cuda.grid(1)
    out[i, 0] = operator.sub(a[i], b[i])
    out[i, 1] = operator.mul(a[i], b[i])
    out[i, 2] = operator.truediv(a[i], b[i])
    out[i, 3] = operator.floordiv(a[i], b[i])
    out[i, 4] = operator.mod(a[i], b[i])
    out[i, 5] = operator.pow(a[i], 2)
    out[i, 6] = operator.neg(a[i])
    out[i, 7] = operator.lt(a[i], b[i])


tup = (1.0, 2.5, 3.0)
t1 = (1, 2, 3)
t2 = (4.5, 5.6, 6.7)


@cuda.jit("void(float64[:])")
def foo_enumerate(a):
    for i, v in enumerate(tup):
        a[i] = v


@cuda.jit("void(float64[:])")
def foo_zip(a):
    c = 0
    for i, j in zip(t1, t2):
        c += i + j
    a[0] = c


@cuda.jit("void(float64[:,:])")
def cuda_kernel_api_in_multiple_blocks(ary):
    for i in range(2):
        tx = cuda.threadIdx.x
    for j in range(3):
        ty = cuda.threadIdx.y
    sm = cuda.shared.array((2, 3), float64)
    sm[tx, ty] = 1.0
    ary[tx, ty] = sm[tx, ty]


def main():
    x = np.ones((2, 2), dtype=np.float32)
    grid = cuda.to_device(x)
    div[1, 1](grid, 2, 2)
    print("idiv f4", grid.copy_to_host())
    grid = cuda.to_device(np.ones((2, 2), dtype=np.float64))
    div_double[1, 1](grid, 2, 2)
    print("idiv f8", grid.copy_to_host())

    A = np.arange(10, dtype=np.float64).reshape(2, 5)
    Aout = np.empty_like(A)
    powi[1, A.shape](A, 2, Aout)
    print("powi", Aout)
    Aout = np.empty_like(A)
    powi_binop[1, A.shape](A, 3, Aout)
    print("powi_binop", Aout)

    # Exponents with a fractional or imaginary part: numba-cuda computes every complex power
    # in polar form (its cpow_internal), while the simulator's Python/NumPy power multiplies
    # for integer exponents, so those would differ in the last bits.
    xs = np.array([[3.0, 4.0], [0.5, 0.25], [2.0, 0.0], [-1.5, 0.5], [1.2, -0.7]])
    ys = np.array([[0.0, 0.0], [0.25, 0.5], [0.0, 0.5], [0.5, 0.25], [1.5, -0.3]])
    out = np.zeros((5, 10))
    vec_pow[1, 5](out, xs, ys)
    print("cpow", np.round(out, 5) + 0.0)

    n = 5
    for dl, dr in ((np.float64, np.float64), (np.float32, np.float64), (np.float64, np.float32),
                   (np.float32, np.float32), (np.int32, np.float64), (np.int64, np.int32)):
        c = np.zeros(n, dtype=np.float64)
        a = np.arange(n, dtype=dl) + dl(0.5)
        b = np.full(n, fill_value=2, dtype=dr)
        builtin_max[1, c.shape](a, b, c)
        mx = c.copy()
        builtin_min[1, c.shape](a, b, c)
        print("minmax", dl.__name__, dr.__name__, mx, c)

    y = np.zeros(15, dtype=np.float32)
    yA = np.zeros(15, dtype=np.float32)
    yB = np.zeros(15, dtype=np.float32)
    preCalc[1, 15](y, yA, yB, 15)
    print("py2div", np.all(y == yA), np.all(y == yB), y[14])

    A = np.array([0], dtype="float64")
    boolean_kernel[1, 1](A, True)
    print("boolean", A[0])
    boolean_kernel[1, 1](A, False)
    print("boolean", A[0])

    res = np.ones(1)
    op_add[1, 1](res, np.ones(1))
    print("operator.add", res)
    a = np.array([7.0, -7.0, 5.5, -2.25])
    b = np.array([2.0, 2.0, -1.5, 0.5])
    out = np.zeros((4, 8))
    op_all[1, 4](a, b, out)
    print(out)
    ai = np.array([7, -7, 5, -9], dtype=np.int32)
    bi = np.array([2, 2, -3, 4], dtype=np.int32)
    out = np.zeros((4, 8))
    op_all[1, 4](ai, bi, out)
    print(out)

    a = np.zeros(len(tup))
    foo_enumerate[1, 1](a)
    print("enumerate", a)
    a = np.zeros(1)
    foo_zip[1, 1](a)
    print("zip", a)
    a = np.zeros((2, 3))
    cuda_kernel_api_in_multiple_blocks[1, (2, 3)](a)
    print(a)


if __name__ == "__main__":
    main()
