"""numba-cuda's test_math.py: math functions of float32, float64, int64, uint64 and int32 array
elements (integers promoted to float64 as Numba's math typing does), math.remainder,
math.nextafter, math.modf stored through a tuple target, math.pow with an int32 exponent,
float ** and % (fmod-like in the test's table, Python's sign rule in fact), math.ceil/floor of
integers, isnan/isinf/isfinite of integers and special values, degrees/radians."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import math

import numpy as np
from numba import cuda
from numba.cuda import float32, float64, int32


@cuda.jit
def unary(A, out):
    i = cuda.grid(1)
    if i < A.size:
        out[i, 0] = math.sqrt(A[i])
        out[i, 1] = math.ceil(A[i])
        out[i, 2] = math.floor(A[i])
        out[i, 3] = math.fabs(A[i])
        out[i, 4] = math.exp(A[i] / 8)
        out[i, 5] = math.log1p(A[i])
        out[i, 6] = math.atan(A[i])
        out[i, 7] = math.asinh(A[i])
        out[i, 8] = math.erf(A[i] / 4)
        out[i, 9] = math.degrees(A[i])
        out[i, 10] = math.radians(A[i])
        out[i, 11] = math.isnan(A[i])
        out[i, 12] = math.isinf(A[i])
        out[i, 13] = math.isfinite(A[i])
        out[i, 14] = math.tanh(A[i] / 4)
        out[i, 15] = math.expm1(A[i] / 8)


@cuda.jit
def binary(A, B, out):
    i = cuda.grid(1)
    if i < A.size:
        out[i, 0] = math.remainder(A[i], B[i])
        out[i, 1] = math.hypot(A[i], B[i])
        out[i, 2] = math.fmod(A[i], B[i])
        out[i, 3] = A[i] % B[i]
        out[i, 4] = math.copysign(A[i], B[i])
        out[i, 5] = math.atan2(A[i], B[i])
        out[i, 6] = math.pow(math.fabs(A[i]), B[i] / 4)


@cuda.jit
def nextafter(A, B, C):
    i = cuda.grid(1)
    if i < A.size:
        C[i] = math.nextafter(A[i], B[i])


@cuda.jit
def math_modf(A, B, C):
    i = cuda.grid(1)
    if i < A.size:
        B[i], C[i] = math.modf(A[i])


@cuda.jit
def math_pow_int(A, B, C):
    i = cuda.grid(1)
    if i < A.size:
        C[i] = math.pow(A[i], B[i])


@cuda.jit
def math_trunc(A, B):
    i = cuda.grid(1)
    if i < A.size:
        B[i] = math.trunc(A[i])


@cuda.jit
def special(A, out):
    i = cuda.grid(1)
    if i < A.size:
        out[i, 0] = math.isnan(A[i])
        out[i, 1] = math.isinf(A[i])
        out[i, 2] = math.isfinite(A[i])


def show(name, a):
    print(name)
    print(np.round(a, 6) + 0.0)


def main():
    # float32 is left out: the simulator computes its math in float64 (degrees, asinh, hypot
    # differ from the GPU's float32 results in the last digits).
    for dt in (np.float64, np.int64, np.uint64, np.int32):
        A = np.array([0, 1, 2, 3, 5, 7, 10, 13], dtype=dt)
        out = np.zeros((A.size, 16))
        unary[1, A.size](A, out)
        show(dt.__name__ + " unary", out)

    for dt in (np.float64, np.int64):
        A = np.array([7, -7, 9, 10, 11, 5, -3, 4], dtype=dt)
        B = np.array([2, 2, 4, 4, 4, -3, 5, 8], dtype=dt)
        out = np.zeros((A.size, 7))
        binary[1, A.size](A, B, out)
        show(dt.__name__ + " binary", out)

    A = np.array([1.0, 1.0, -2.0, 0.0], dtype=np.float32)
    B = np.array([2.0, 0.0, -3.0, 1.0], dtype=np.float32)
    A64 = A.astype(np.float64)
    C64 = np.zeros_like(A64)
    nextafter[1, 4](A64, B.astype(np.float64), C64)
    print("nextafter f8", C64.tolist())

    for dt in (np.float32, np.float64):
        A = np.array([0.0, 2.5, -3.75, np.inf, -np.inf, np.nan, 10.0], dtype=dt)
        B = np.zeros_like(A)
        C = np.zeros_like(A)
        math_modf[1, A.size](A, B, C)
        print("modf", dt.__name__, B, C)

    for dt in (np.float32, np.float64):
        A = np.linspace(0, 25, 8).astype(dt)
        B = np.arange(8, dtype=np.int32)
        C = np.empty_like(A)
        math_pow_int[1, 8](A, B, C)
        show("pow int32 " + dt.__name__, C)

    A = np.array([-2.5, -1.5, 0.5, 2.5, 1e10], dtype=np.float64)
    B = np.zeros_like(A)
    math_trunc[1, A.size](A, B)
    print("trunc", B)

    for dt in (np.float32, np.float64):
        A = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e30], dtype=dt)
        out = np.zeros((A.size, 3), dtype=np.int32)
        special[1, A.size](A, out)
        print("special", dt.__name__, out.tolist())
    A = np.array([0, -1, 2**31 - 1], dtype=np.int32)
    out = np.zeros((3, 3), dtype=np.int32)
    special[1, 3](A, out)
    print("special int32", out.tolist())


if __name__ == "__main__":
    main()
