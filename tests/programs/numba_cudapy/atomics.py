"""numba-cuda's test_atomics.py, its helpers inlined (py2cuda does not pass cuda.atomic.add or a
dtype as a device function's argument): shared and global, 1-D and 2-D, tuple indices with a
uint64 part, a negative index wrapping, add/sub/inc/dec/xor/exch on uint32, uint64 and float64;
compare_and_swap on a slice, cas with 1-D and 2-D (tuple) indices; max/min/nanmax/nanmin with
NaN on either side."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import numpy as np
from numba import cuda
from numba.cuda import uint32, uint64, float32, float64, int32


@cuda.jit("void(uint32[:])")
def atomic_add(ary):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(32, uint32)
    sm[tid] = 0
    cuda.syncthreads()
    bin = ary[tid] % 32
    cuda.atomic.add(sm, bin, 1)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit("void(uint32[:])")
def atomic_add_wrap(ary):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(32, uint32)
    sm[tid] = 0
    cuda.syncthreads()
    bin = ary[tid] % 32 - 32  # a negative index wraps, as Python's
    cuda.atomic.add(sm, bin, 1)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit("void(uint32[:,:])")
def atomic_add3(ary):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm = cuda.shared.array((4, 8), uint32)
    sm[tx, ty] = ary[tx, ty]
    cuda.syncthreads()
    cuda.atomic.add(sm, (tx, uint64(ty)), 1)
    cuda.syncthreads()
    ary[tx, ty] = sm[tx, ty]


@cuda.jit("void(float64[:,:])")
def atomic_sub_double_global_2(ary):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    cuda.atomic.sub(ary, (tx, ty), 1)


@cuda.jit("void(uint64[:], uint64[:], uint64)")
def atomic_inc64(ary, idx, op2):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(32, uint64)
    sm[tid] = ary[tid]
    cuda.syncthreads()
    bin = int(idx[tid] % 32)
    cuda.atomic.inc(sm, bin, op2)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit("void(uint32[:,:], uint32)")
def atomic_dec2_32(ary, op2):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm = cuda.shared.array((4, 8), uint32)
    sm[tx, ty] = ary[tx, ty]
    cuda.syncthreads()
    cuda.atomic.dec(sm, (tx, ty), op2)
    cuda.syncthreads()
    ary[tx, ty] = sm[tx, ty]


@cuda.jit("void(int32[:], uint32[:], uint32)")
def atomic_xor_global(idx, ary, op2):
    tid = cuda.threadIdx.x
    bin = int(idx[tid] % 32)
    cuda.atomic.xor(ary, bin, op2)


@cuda.jit("void(uint64[:,:], uint64)")
def atomic_exch3(ary, op2):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm = cuda.shared.array((4, 8), uint64)
    sm[tx, ty] = ary[tx, ty]
    cuda.syncthreads()
    cuda.atomic.exch(sm, (tx, uint64(ty)), op2)
    cuda.syncthreads()
    ary[tx, ty] = sm[tx, ty]


@cuda.jit
def atomic_compare_and_swap(res, old, ary, fill_val):
    gid = cuda.grid(1)
    if gid < res.size:
        old[gid] = cuda.atomic.compare_and_swap(res[gid:], fill_val, ary[gid])


@cuda.jit
def atomic_cas_1dim(res, old, ary, fill_val):
    gid = cuda.grid(1)
    if gid < res.size:
        old[gid] = cuda.atomic.cas(res, gid, fill_val, ary[gid])


@cuda.jit
def atomic_cas_2dim(res, old, ary, fill_val):
    gid = cuda.grid(2)
    if gid[0] < res.shape[0] and gid[1] < res.shape[1]:
        old[gid] = cuda.atomic.cas(res, gid, fill_val, ary[gid])


@cuda.jit
def extremes(x):
    cuda.atomic.max(x, 0, 10)
    cuda.atomic.max(x, 1, np.nan)
    cuda.atomic.min(x, 2, 10)
    cuda.atomic.min(x, 3, np.nan)
    cuda.atomic.nanmax(x, 4, 10)
    cuda.atomic.nanmax(x, 5, np.nan)
    cuda.atomic.nanmin(x, 6, 10)
    cuda.atomic.nanmin(x, 7, np.nan)


@cuda.jit
def atomic_double_normalizedindex(res, ary):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    cuda.atomic.max(res, 0, ary[tx, uint64(bx)])
    cuda.atomic.min(res, 1, ary[tx, uint64(bx)])


def main():
    np.random.seed(0)
    ary = np.random.randint(0, 32, size=32).astype(np.uint32)
    ary_wrap = ary.copy()
    atomic_add[1, 32](ary)
    print("add", ary)
    atomic_add_wrap[1, 32](ary_wrap)
    print("add wrap", ary_wrap)

    ary = np.random.randint(0, 32, size=32).astype(np.uint32).reshape(4, 8)
    atomic_add3[1, (4, 8)](ary)
    print("add3", ary)

    ary = np.random.randint(0, 32, size=32).astype(np.float64).reshape(4, 8)
    atomic_sub_double_global_2[1, (4, 8)](ary)
    print("sub f8 global 2d", ary)

    ary = np.random.randint(0, 32, size=32).astype(np.uint64)
    idx = np.arange(32, dtype=np.uint64)
    atomic_inc64[1, 32](ary, idx, 16)
    print("inc64", ary)

    ary = np.random.randint(0, 32, size=32).astype(np.uint32).reshape(4, 8)
    atomic_dec2_32[1, (4, 8)](ary, 17)
    print("dec2_32", ary)

    rand_const = np.random.randint(500)
    ary = np.random.randint(0, 32, size=32).astype(np.uint32)
    idx = np.arange(32, dtype=np.int32)
    atomic_xor_global[1, 32](idx, ary, rand_const)
    print("xor global", ary)

    ary = np.random.randint(0, 32, size=32).astype(np.uint64).reshape(4, 8)
    atomic_exch3[1, (4, 8)](ary, 7)
    print("exch3", ary)

    n = 16
    res = np.arange(n, dtype=np.int32)
    ary = np.random.randint(0, 4, size=n).astype(np.int32)
    old = np.zeros(n, dtype=np.int32)
    fill = np.int32(2)
    expect = np.where(res == fill, ary, res)
    atomic_compare_and_swap[1, n](res, old, ary, fill)
    print("compare_and_swap", res, old, np.all(res == expect))
    res = np.arange(n, dtype=np.int64)
    old = np.zeros(n, dtype=np.int64)
    ary64 = ary.astype(np.int64)
    atomic_cas_1dim[1, n](res, old, ary64, np.int64(3))
    print("cas 1d", res, old)
    res = np.arange(12, dtype=np.uint32).reshape(3, 4)
    old = np.zeros((3, 4), dtype=np.uint32)
    ary2 = (np.arange(12, dtype=np.uint32) % 5).reshape(3, 4)
    atomic_cas_2dim[(1, 1), (3, 4)](res, old, ary2, np.uint32(4))
    print("cas 2d", res, old)

    x = np.array([1.0, 1.0, 11.0, 11.0, 1.0, 1.0, 11.0, 11.0])
    extremes[1, 1](x)
    print("extremes", x)
    x = np.array([np.nan, 1.0, np.nan, 11.0, np.nan, 1.0, np.nan, 11.0])
    extremes[1, 1](x)
    print("extremes from nan", x)

    ary = np.random.randint(0, 100, size=(32, 2)).astype(np.float64)
    res = np.array([-1e9, 1e9])
    atomic_double_normalizedindex[2, 32](res, ary)
    print("normalized index", res, ary.max(), ary.min())


if __name__ == "__main__":
    main()
