"""numba-cuda's test_sm.py, test_sm_creation.py, test_constmem.py and test_localmem.py: shared
arrays shaped by module constants (a number, a tuple, a tuple built of constants, given as
shape=), .size of shared arrays, a shared array in a device function and in its caller,
copying through shared memory per block, slices of dynamic shared memory (disjoint, overlapping,
with gaps), const arrays of 1 to 3 dimensions (one a transposed, F-ordered view), local arrays of int32 and
complex128 sized by an int or a 1-tuple."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import numpy as np
from numba import cuda
from numba.cuda import complex128, float32, float64, int32

GLOBAL_CONSTANT = 5
GLOBAL_CONSTANT_2 = 6
GLOBAL_CONSTANT_TUPLE = 5, 6

CONST1D = np.arange(10, dtype=np.float64) / 2.0
CONST2D = np.arange(100, dtype=np.int32).reshape(10, 10).T
CONST3D = (np.arange(5 * 5 * 5, dtype=np.float32).reshape(5, 5, 5) + 1) / 2


@cuda.jit
def udt_global_constants(A):
    sa = cuda.shared.array(shape=GLOBAL_CONSTANT, dtype=float32)
    i = cuda.grid(1)
    sa[i] = i * 0.5
    A[i] = sa[i] + sa.size


@cuda.jit
def udt_global_build_tuple(A):
    sa = cuda.shared.array(shape=(GLOBAL_CONSTANT, GLOBAL_CONSTANT_2), dtype=float32)
    i, j = cuda.grid(2)
    sa[i, j] = i * 10 + j
    A[i, j] = sa[i, j]


@cuda.jit
def udt_global_constant_tuple(A):
    sa = cuda.shared.array(shape=GLOBAL_CONSTANT_TUPLE, dtype=float32)
    i, j = cuda.grid(2)
    sa[i, j] = i * j
    A[i, j] = sa[i, j] + sa.size


@cuda.jit
def sizes(a):
    s1 = cuda.shared.array(2, dtype=int32)
    s2 = cuda.shared.array((2, 3), dtype=int32)
    s3 = cuda.shared.array((2, 3, 4), dtype=int32)
    l1 = cuda.local.array((5,), dtype=int32)
    a[0] = s1.size
    a[1] = s2.size
    a[2] = s3.size
    a[3] = l1.size


@cuda.jit(device=True)
def inner(out):
    inner_arr = cuda.shared.array(1, dtype=int32)
    inner_arr[0] = 7
    cuda.syncthreads()
    out[1] = inner_arr[0]


@cuda.jit
def outer(out):
    outer_arr = cuda.shared.array(1, dtype=int32)
    outer_arr[0] = 3
    inner(out)
    out[0] = outer_arr[0]


nthreads = 16


@cuda.jit
def use_sm_chunk_copy(x, y):
    sm = cuda.shared.array(nthreads, dtype=float64)
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    bd = cuda.blockDim.x
    i = bx * bd + tx
    if i < len(x):
        sm[tx] = x[i]
    cuda.syncthreads()
    if tx == 0:
        for j in range(nthreads):
            y[bd * bx + j] = sm[j]


@cuda.jit
def slice_overlap(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[0:2]
    sm2 = dynsmem[1:4]
    dynsmem[0] = 1
    dynsmem[1] = 2
    dynsmem[2] = 3
    dynsmem[3] = 4
    x[0] = sm1[0]
    x[1] = sm1[1]
    x[2] = sm2[0]
    x[3] = sm2[1]
    x[4] = sm2[2]


@cuda.jit
def slice_gaps(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[1:3]
    sm2 = dynsmem[4:6]
    for k in range(7):
        dynsmem[k] = 99
    sm1[0] = 1
    sm1[1] = 2
    sm2[0] = 3
    sm2[1] = 4
    for k in range(7):
        x[k] = dynsmem[k]


@cuda.jit
def cuconst(A):
    C = cuda.const.array_like(CONST1D)
    i = cuda.grid(1)
    A[i] = C[i] + 1.0


@cuda.jit
def cuconst2d(A):
    C = cuda.const.array_like(CONST2D)
    i, j = cuda.grid(2)
    A[i, j] = C[i, j]


@cuda.jit
def cuconst3d(A):
    C = cuda.const.array_like(CONST3D)
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    k = cuda.threadIdx.z
    A[i, j, k] = C[i, j, k]


@cuda.jit("void(int32[:], int32[:])")
def culocal(A, B):
    C = cuda.local.array(1000, dtype=int32)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


@cuda.jit("void(float64[:], float64[:])")
def culocalcomplex(A, B):
    C = cuda.local.array(100, dtype=complex128)
    for i in range(C.shape[0]):
        C[i] = complex(A[i] - 1, -A[i] / 2)
    for i in range(C.shape[0]):
        B[i] = C[i].real * C[i].imag


@cuda.jit("void(int32[:], int32[:])")
def culocal1tuple(A, B):
    C = cuda.local.array((5,), dtype=int32)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


def main():
    A = np.zeros(5, dtype=np.float32)
    udt_global_constants[1, 5](A)
    print("constant shape", A)
    A = np.zeros((5, 6), dtype=np.float32)
    udt_global_build_tuple[1, (5, 6)](A)
    print("built tuple", A)
    udt_global_constant_tuple[1, (5, 6)](A)
    print("constant tuple", A)
    a = np.zeros(4, dtype=np.int32)
    sizes[1, 1](a)
    print("sizes", a)
    out = np.zeros(2, dtype=np.int32)
    outer[1, 1](out)
    print("inner and outer", out)

    x = np.arange(64, dtype=np.float64) * 1.5
    y = np.zeros_like(x)
    use_sm_chunk_copy[4, nthreads](x, y)
    print("chunk copy", np.all(x == y))
    arr = np.zeros(5, dtype=np.int32)
    slice_overlap[1, 1, 0, 16](arr)
    print("overlap", arr)
    arr = np.zeros(7, dtype=np.int32)
    slice_gaps[1, 1, 0, 28](arr)
    print("gaps", arr)

    A = np.zeros(10)
    cuconst[2, 5](A)
    print("const 1d", A)
    A = np.zeros((10, 10), dtype=np.int32)
    cuconst2d[(2, 2), (5, 5)](A)
    print("const 2d", A[::3, ::3], np.all(A == CONST2D))
    A = np.zeros((5, 5, 5), dtype=np.float32)
    cuconst3d[1, (5, 5, 5)](A)
    print("const 3d", A[4, 4], np.all(A == CONST3D))

    A = np.arange(1000, dtype=np.int32)
    B = np.zeros_like(A)
    culocal[1, 1](A, B)
    print("local", np.all(A == B), B[-3:])
    A = np.arange(100, dtype=np.float64)
    B = np.zeros_like(A)
    culocalcomplex[1, 1](A, B)
    print("local complex", B[:5], B[-1])
    A = np.arange(5, dtype=np.int32)
    B = np.zeros_like(A)
    culocal1tuple[1, 1](A, B)
    print("local 1-tuple", B)


if __name__ == "__main__":
    main()
