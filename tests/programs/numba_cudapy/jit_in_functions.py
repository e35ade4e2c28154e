"""numba-cuda's test_intrinsics.py and test_warp_ops.py as their test methods write them:
module-level functions compiled inside a function by `compiled = cuda.jit(SIG)(f)`, the same
name rebound to another function or signature further down, launched by that name (C and
Fortran-ordered 3-D arrays among them)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import numpy as np
from numba import cuda


def simple_threadidx(ary):
    i = cuda.threadIdx.x
    ary[0] = i


def fill_threadidx(ary):
    i = cuda.threadIdx.x
    ary[i] = i


def fill3d_threadidx(ary):
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    k = cuda.threadIdx.z

    ary[i, j, k] = (i + 1) * (j + 1) * (k + 1)


def simple_grid1d(ary):
    i = cuda.grid(1)
    ary[i] = i


def simple_grid2d(ary):
    i, j = cuda.grid(2)
    ary[i, j] = i + j


def simple_gridsize1d(ary):
    i = cuda.grid(1)
    x = cuda.gridsize(1)
    if i == 0:
        ary[0] = x


def simple_popc(ary, c):
    ary[0] = cuda.popc(c)


def simple_clz(ary, c):
    ary[0] = cuda.clz(c)


def test_threadidx():
    compiled = cuda.jit("void(int32[:])")(simple_threadidx)
    ary = np.ones(1, dtype=np.int32)
    compiled[1, 1](ary)
    print("simple_threadidx", ary[0] == 0)

    compiled = cuda.jit("void(int32[:])")(fill_threadidx)
    N = 10
    ary = np.ones(N, dtype=np.int32)
    exp = np.arange(N, dtype=np.int32)
    compiled[1, N](ary)
    print("fill_threadidx", np.all(ary == exp))


def test_fill3d_threadidx():
    # The test nests these in closures over X, Y, Z (py2cuda's host code has no nested
    # functions reading the function's variables): the same statements, in line.
    X, Y, Z = 4, 5, 6
    compiled = cuda.jit("void(int32[:,:,::1])")(fill3d_threadidx)
    c_res = np.zeros((X, Y, Z), dtype=np.int32)
    compiled[1, (X, Y, Z)](c_res)

    compiled = cuda.jit("void(int32[::1,:,:])")(fill3d_threadidx)
    f_res = np.zeros((Z, Y, X), dtype=np.int32).T  # F-ordered; the test: np.asfortranarray(np.zeros(...))
    compiled[1, (X, Y, Z)](f_res)
    print("fill3d", np.all(c_res == f_res), c_res[3, 4, 5], c_res.sum())


def test_grids():
    compiled = cuda.jit("void(int32[::1])")(simple_grid1d)
    ntid, nctaid = 3, 7
    nelem = ntid * nctaid
    ary = np.empty(nelem, dtype=np.int32)
    compiled[nctaid, ntid](ary)
    print("grid1d", np.all(ary == np.arange(nelem)))

    compiled = cuda.jit("void(int32[:,::1])")(simple_grid2d)
    ntid = (4, 3)
    nctaid = (5, 6)
    shape = (ntid[0] * nctaid[0], ntid[1] * nctaid[1])
    ary = np.empty(shape, dtype=np.int32)
    exp = ary.copy()
    compiled[nctaid, ntid](ary)
    for i in range(ary.shape[0]):
        for j in range(ary.shape[1]):
            exp[i, j] = i + j
    print("grid2d", np.all(ary == exp))

    compiled = cuda.jit("void(int32[::1])")(simple_gridsize1d)
    ntid, nctaid = 3, 7
    ary = np.zeros(1, dtype=np.int32)
    compiled[nctaid, ntid](ary)
    print("gridsize1d", ary[0] == nctaid * ntid)


def test_bits():
    compiled = cuda.jit("void(int32[:], uint8)")(simple_popc)
    ary = np.zeros(1, dtype=np.int32)
    compiled[1, 1](ary, np.uint8(0xFF))
    print("popc u1", ary[0])
    compiled = cuda.jit("void(int32[:], uint16)")(simple_popc)
    compiled[1, 1](ary, np.uint16(0xFFFF))
    print("popc u2", ary[0])
    compiled = cuda.jit("void(int32[:], int32)")(simple_clz)
    compiled[1, 1](ary, 0x00100000)
    print("clz i4", ary[0])
    compiled[1, 1](ary, 0)
    print("clz i4 0", ary[0])


def main():
    test_threadidx()
    test_fill3d_threadidx()
    test_grids()
    test_bits()


if __name__ == "__main__":
    main()
