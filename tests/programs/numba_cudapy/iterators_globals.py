"""numba-cuda's test_iterators.py, test_freevar.py, test_globals.py and test_slicing.py:
enumerate and zip over arrays, nested as enumerate(zip(...)) and zip(enumerate(...), ...), with
tuple targets; a shared array sized and typed by closure variables of the function defining the
kernel; shared arrays shaped by module globals (N, (S0, S1)); row slices inp[i, :] passed to a
device function with a signature."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import numpy as np
from numba import cuda
from numba.cuda import float32, int32


@cuda.jit
def enumerator(x, error):
    count = 0
    for i, v in enumerate(x):
        if count != i:
            error[0] = 1
        if v != x[i]:
            error[0] = 2
        count += 1
    if count != len(x):
        error[0] = 3
    error[1] = count


@cuda.jit
def zipper(x, y, error):
    i = 0
    for xv, yv in zip(x, y):
        if xv != x[i]:
            error[0] = 1
        if yv != y[i]:
            error[0] = 2
        i += 1
    if i != len(x):
        error[0] = 3
    error[1] = i


@cuda.jit
def enumerator_zipper(x, y, error):
    count = 0
    s = 0
    for i, (xv, yv) in enumerate(zip(x, y)):
        if i != count:
            error[0] = 1
        if xv != x[i]:
            error[0] = 2
        if yv != y[i]:
            error[0] = 3
        count += 1
        s += i * xv * yv
    if count != len(x):
        error[0] = 4
    error[1] = s


@cuda.jit
def zipper_enumerator(x, y, error):
    count = 0
    s = 0
    for (i, xv), yv in zip(enumerate(x), y):
        if i != count:
            error[0] = 1
        if xv != x[i]:
            error[0] = 2
        if yv != y[i]:
            error[0] = 3
        count += 1
        s += i + xv - yv
    if count != len(x):
        error[0] = 4
    error[1] = s


N = 100


@cuda.jit("void(int32[:])")
def simple_smem(ary):
    sm = cuda.shared.array(N, int32)
    i = cuda.grid(1)
    if i == 0:
        for j in range(N):
            sm[j] = j
    cuda.syncthreads()
    ary[i] = sm[i]


S0 = 10
S1 = 20


@cuda.jit("void(float32[:,:])")
def coop_smem2d(ary):
    i, j = cuda.grid(2)
    sm = cuda.shared.array((S0, S1), float32)
    sm[i, j] = (i + 1) / (j + 1)
    cuda.syncthreads()
    ary[i, j] = sm[i, j]


def foo(inp, out):
    for i in range(out.shape[0]):
        out[i] = inp[i]


cufoo = cuda.jit("void(int32[:], int32[:])", device=True)(foo)


@cuda.jit("void(int32[:,:], int32[:,:])")
def copy(inp, out):
    i = cuda.grid(1)
    cufoo(inp[i, :], out[i, :])


def freevar():
    size = 1024
    nbtype = float32

    @cuda.jit("(float32[::1], intp)")
    def foo(A, i):
        "Dummy function"
        sdata = cuda.shared.array(size, dtype=nbtype)  # size and nbtype are free variables
        sdata[i] = A[i] * 2
        A[i] = sdata[i] + sdata.size

    A = np.arange(2, dtype="float32")
    foo[1, 1](A, 1)
    print("freevar", A)


def main():
    x = np.asarray((10, 9, 8, 7, 6))
    y = np.asarray((1, 2, 3, 4, 5))
    for k in (enumerator,):
        error = np.zeros(2, dtype=np.int32)
        k[1, 1](x, error)
        print("enumerate", error)
    for name, k in (("zip", zipper), ("enumerate(zip)", enumerator_zipper), ("zip(enumerate)", zipper_enumerator)):
        error = np.zeros(2, dtype=np.int32)
        k[1, 1](x, y, error)
        print(name, error)

    ary = np.empty(N, dtype=np.int32)
    simple_smem[1, N](ary)
    print("global N", np.all(ary == np.arange(N, dtype=np.int32)), ary[-1])
    ary = np.empty((S0, S1), dtype=np.float32)
    coop_smem2d[1, (S0, S1)](ary)
    print("global (S0, S1)", ary[9, :4], ary[:3, 19])

    inp = np.arange(100, dtype=np.int32).reshape(10, 10)
    out = np.zeros_like(inp)
    copy[1, 10](inp, out)
    print("row slices", np.all(inp == out))
    freevar()


if __name__ == "__main__":
    main()
