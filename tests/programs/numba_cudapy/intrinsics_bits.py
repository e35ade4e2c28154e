"""numba-cuda's test_intrinsics.py: popc of uint8..uint64, int.bit_count(), fma, cbrt, brev,
clz, ffs, round() to an int and to ndigits (numba-cuda's algorithm), selp, laneid, warpsize,
gridsize(2), a 2-D grid-stride loop; its module-level functions compiled by cuda.jit(SIG)(f) at
module level, several signatures per function. Left out where the simulator is not an oracle
(see the README): popc/clz/ffs/brev of 64-bit or negative values, round(2.675, 2), cbrt(27.0)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import numpy as np
from numba import cuda


def simple_popc(ary, c):
    ary[0] = cuda.popc(c)


def simple_bit_count(ary, c):
    ary[0] = c.bit_count()


def simple_fma(ary, a, b, c):
    ary[0] = cuda.fma(a, b, c)


def simple_cbrt(ary, a):
    ary[0] = cuda.cbrt(a)


def simple_brev(ary, c):
    ary[0] = cuda.brev(c)


def simple_clz(ary, c):
    ary[0] = cuda.clz(c)


def simple_ffs(ary, c):
    ary[0] = cuda.ffs(c)


def simple_round(ary, c):
    ary[0] = round(c)


def simple_round_to(ary, c, ndigits):
    ary[0] = round(c, ndigits)


def branching_with_selps(a, b, c):
    i = cuda.grid(1)
    inner = cuda.selp(b % 2 == 0, c[i], 13)
    a[i] = cuda.selp(a[i] > 4, inner, 3)


def simple_laneid(ary):
    i = cuda.grid(1)
    ary[i] = cuda.laneid


def simple_warpsize(ary):
    ary[0] = cuda.warpsize


def simple_gridsize2d(ary):
    i, j = cuda.grid(2)
    x, y = cuda.gridsize(2)
    if i == 0 and j == 0:
        ary[0] = x
        ary[1] = y


def intrinsic_forloop_step(c):
    startX, startY = cuda.grid(2)
    gridX = cuda.gridDim.x * cuda.blockDim.x
    gridY = cuda.gridDim.y * cuda.blockDim.y
    height, width = c.shape
    for x in range(startX, width, gridX):
        for y in range(startY, height, gridY):
            c[y, x] = x + y


k_popc = cuda.jit("void(int32[:], uint8)")(simple_popc)
k_popc2 = cuda.jit("void(int32[:], uint16)")(simple_popc)
k_popc3 = cuda.jit("void(int32[:], uint32)")(simple_popc)
k_popc4 = cuda.jit("void(int32[:], uint64)")(simple_popc)
k_bit_count = cuda.jit("void(int32[:], uint32)")(simple_bit_count)
k_bit_count2 = cuda.jit("void(int32[:], int64)")(simple_bit_count)
k_fma = cuda.jit("void(f4[:], f4, f4, f4)")(simple_fma)
k_fma2 = cuda.jit("void(f8[:], f8, f8, f8)")(simple_fma)
k_cbrt = cuda.jit("void(float64[:], float64)")(simple_cbrt)
k_cbrt2 = cuda.jit("void(float32[:], float32)")(simple_cbrt)
k_brev = cuda.jit("void(uint32[:], uint32)")(simple_brev)
k_clz = cuda.jit("void(int32[:], int32)")(simple_clz)
k_clz2 = cuda.jit("void(int32[:], uint32)")(simple_clz)
k_ffs = cuda.jit("void(uint32[:], int32)")(simple_ffs)
k_round = cuda.jit("void(int64[:], float32)")(simple_round)
k_round2 = cuda.jit("void(int64[:], float64)")(simple_round)
k_round_to = cuda.jit("void(float64[:], float64, int32)")(simple_round_to)
k_round_to2 = cuda.jit("void(float32[:], float32, int32)")(simple_round_to)
k_selps = cuda.jit("void(int64[:], int64, int64[:])")(branching_with_selps)
k_laneid = cuda.jit("void(int32[:])")(simple_laneid)
k_warpsize = cuda.jit("void(int32[:])")(simple_warpsize)
k_gridsize2d = cuda.jit("void(int32[::1])")(simple_gridsize2d)
k_forloop_step = cuda.jit("void(int32[:,::1])")(intrinsic_forloop_step)


def main():
    ary = np.zeros(1, dtype=np.int32)
    k_popc[1, 1](ary, np.uint8(0xFF))
    print("popc u1", ary[0])
    k_popc2[1, 1](ary, np.uint16(0xFFFF))
    print("popc u2", ary[0])
    k_popc3[1, 1](ary, np.uint32(0xFFFFFFFF))
    print("popc u4", ary[0])
    k_popc4[1, 1](ary, np.uint64(0xFFFFFFFFFFFFFFFF))
    print("popc u8", ary[0])
    k_bit_count[1, 1](ary, np.uint32(0xF0F0))
    print("bit_count u4", ary[0])
    k_bit_count2[1, 1](ary, 7 << 40)
    print("bit_count i8", ary[0])

    f4 = np.zeros(1, dtype=np.float32)
    k_fma[1, 1](f4, 2.0, 3.0, 4.0)
    print("fma f4", f4[0])
    f8 = np.zeros(1, dtype=np.float64)
    k_fma2[1, 1](f8, 2.0, 3.0, 4.0)
    print("fma f8", f8[0])
    k_cbrt[1, 1](f8, 0.125)
    print("cbrt f8", f8[0])
    k_cbrt2[1, 1](f4, 8.0)
    print("cbrt f4", f4[0])

    u4 = np.zeros(1, dtype=np.uint32)
    k_brev[1, 1](u4, 0x000030F0)
    print("brev u4", hex(u4[0]))
    u8 = np.zeros(1, dtype=np.uint64)

    clz_i4 = k_clz
    for v in (0x00100000, 0xFFFFFFFF, 0):
        clz_i4[1, 1](ary, v)
        print("clz i4", hex(v), ary[0])
    k_clz2[1, 1](ary, 0x00100000)
    print("clz u4", ary[0])
    ffs_i4 = k_ffs
    for v in (0x00100000, 0xFFFFFFFF, 0):
        ffs_i4[1, 1](u4, v)
        print("ffs i4", hex(v), u4[0])

    rnd4 = k_round
    rnd8 = k_round2
    i8 = np.zeros(1, dtype=np.int64)
    for v in (-3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, 4.2, -4.7):
        rnd4[1, 1](i8, v)
        r4 = i8[0]
        rnd8[1, 1](i8, v)
        print("round", v, r4, i8[0])
    rt8 = k_round_to
    rt4 = k_round_to2
    for v, nd in ((3.14159, 2), (1234.5678, -2), (-0.125, 2), (1.5e10, -5), (0.5, 0)):
        rt8[1, 1](f8, v, nd)
        rt4[1, 1](f4, v, nd)
        print("round_to", v, nd, f8[0], f4[0])

    sig = "void(int64[:], int64, int64[:])"
    sel = k_selps
    c = np.full(shape=32, fill_value=17, dtype=np.int64)
    a = np.arange(32, dtype=np.int64)
    sel[1, 32](a, 32, c)
    print("selp even", a)
    a = np.arange(32, dtype=np.int64)
    sel[1, 32](a, 3, c)
    print("selp odd", a)

    lanes = np.zeros(64, dtype=np.int32)
    k_laneid[2, 32](lanes)
    print("laneid", lanes[::9])
    k_warpsize[1, 1](ary)
    print("warpsize", ary[0])

    gs = np.zeros(2, dtype=np.int32)
    k_gridsize2d[(4, 3), (2, 5)](gs)
    print("gridsize2d", gs)
    c2 = np.empty((7, 11), dtype=np.int32)
    k_forloop_step[(2, 2), (3, 2)](c2)
    print(c2)


if __name__ == "__main__":
    main()
