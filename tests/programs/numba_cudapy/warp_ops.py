"""numba-cuda's test_warp_ops.py, its kernels as written: shfl_sync (idx, up, down,
xor; int32, int64, float32, float64 values), all/any/eq/ballot_sync, match_any/match_all_sync,
ballots under divergent masks (independent scheduling), activemask in the two sides of a
divergent branch, lanemask_lt. Left out: syncwarp (the simulator has no cuda.syncwarp)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels from numba-cuda 0.30.4's tests (numba_cuda/numba/cuda/tests/cudapy/), LICENSE.numba-cuda:
# SPDX-FileCopyrightText: Copyright (c) 2025 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
# SPDX-License-Identifier: BSD-2-Clause
import numpy as np
from numba import cuda
from numba.cuda import float32, float64, int32, int64


def use_shfl_sync_idx(ary, idx):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, i, idx)
    ary[i] = val


def use_shfl_sync_up(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_up_sync(0xFFFFFFFF, i, delta)
    ary[i] = val


def use_shfl_sync_down(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_down_sync(0xFFFFFFFF, i, delta)
    ary[i] = val


def use_shfl_sync_xor(ary, xor):
    i = cuda.grid(1)
    val = cuda.shfl_xor_sync(0xFFFFFFFF, i, xor)
    ary[i] = val


def use_shfl_sync_with_val(ary, into):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, into, 0)
    ary[i] = val


def use_vote_sync_all(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


def use_vote_sync_any(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


def use_vote_sync_eq(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.eq_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


def use_vote_sync_ballot(ary):
    i = cuda.threadIdx.x
    ballot = cuda.ballot_sync(0xFFFFFFFF, True)
    ary[i] = ballot


def use_match_any_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot = cuda.match_any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot


def use_match_all_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot, pred = cuda.match_all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot if pred else 0


def use_independent_scheduling(arr):
    i = cuda.threadIdx.x
    if i % 4 == 0:
        ballot = cuda.ballot_sync(0x11111111, True)
    elif i % 4 == 1:
        ballot = cuda.ballot_sync(0x22222222, True)
    elif i % 4 == 2:
        ballot = cuda.ballot_sync(0x44444444, True)
    elif i % 4 == 3:
        ballot = cuda.ballot_sync(0x88888888, True)
    arr[i] = ballot


k_idx = cuda.jit("void(int32[:], int32)")(use_shfl_sync_idx)
k_up = cuda.jit("void(int32[:], int32)")(use_shfl_sync_up)
k_down = cuda.jit("void(int32[:], int32)")(use_shfl_sync_down)
k_xor = cuda.jit("void(int32[:], int32)")(use_shfl_sync_xor)
k_val_i4 = cuda.jit((int32[:], int32))(use_shfl_sync_with_val)
k_val_i8 = cuda.jit((int64[:], int64))(use_shfl_sync_with_val)
k_val_f4 = cuda.jit((float32[:], float32))(use_shfl_sync_with_val)
k_val_f8 = cuda.jit((float64[:], float64))(use_shfl_sync_with_val)
k_all = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_all)
k_any = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_any)
k_eq = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_eq)
k_ballot = cuda.jit("void(uint32[:])")(use_vote_sync_ballot)
k_match_any = cuda.jit("void(int32[:], int32[:])")(use_match_any_sync)
k_match_all = cuda.jit("void(int32[:], int32[:])")(use_match_all_sync)
k_sched = cuda.jit("void(uint32[:])")(use_independent_scheduling)


@cuda.jit
def use_activemask(x):
    i = cuda.grid(1)
    if (i % 2) == 0:
        # Even numbered threads fill in even numbered array entries
        # with binary "...01010101"
        x[i] = cuda.activemask()
    else:
        # Odd numbered threads fill in odd numbered array entries
        # with binary "...10101010"
        x[i] = cuda.activemask()


@cuda.jit
def use_lanemask_lt(x):
    i = cuda.grid(1)
    x[i] = cuda.lanemask_lt()


def main():
    nelem = 32
    for name, k, v in (("idx", k_idx, 4), ("up", k_up, 4), ("down", k_down, 4), ("xor", k_xor, 16)):
        ary = np.empty(nelem, dtype=np.int32)
        k[1, nelem](ary, v)
        print("shfl", name, ary)
    a4 = np.empty(nelem, dtype=np.int32)
    k_val_i4[1, nelem](a4, np.int32(-1))
    a8 = np.empty(nelem, dtype=np.int64)
    k_val_i8[1, nelem](a8, np.int64(1 << 42))
    f4 = np.empty(nelem, dtype=np.float32)
    k_val_f4[1, nelem](f4, np.float32(np.pi))
    f8 = np.empty(nelem, dtype=np.float64)
    k_val_f8[1, nelem](f8, np.float64(np.pi))
    print("shfl types", a4[31], a8[31], f4[31], f8[31], np.all(f8 == np.pi))

    ary_in = np.ones(nelem, dtype=np.int32)
    ary_out = np.empty(nelem, dtype=np.int32)
    k_all[1, nelem](ary_in, ary_out)
    print("all", ary_out[:4])
    ary_in[-1] = 0
    k_all[1, nelem](ary_in, ary_out)
    print("all", ary_out[:4])
    ary_in = np.zeros(nelem, dtype=np.int32)
    k_any[1, nelem](ary_in, ary_out)
    print("any", ary_out[:4])
    ary_in[2] = 1
    ary_in[5] = 1
    k_any[1, nelem](ary_in, ary_out)
    print("any", ary_out[:4])
    ary_in = np.zeros(nelem, dtype=np.int32)
    k_eq[1, nelem](ary_in, ary_out)
    print("eq", ary_out[:4])
    ary_in[1] = 1
    k_eq[1, nelem](ary_in, ary_out)
    print("eq", ary_out[:4])
    ballot = np.empty(nelem, dtype=np.uint32)
    k_ballot[1, nelem](ballot)
    print("ballot", hex(ballot[0]), np.all(ballot == ballot[0]))

    ary_in = np.arange(nelem, dtype=np.int32) % 3
    ary_out = np.empty(nelem, dtype=np.int32)
    k_match_any[1, nelem](ary_in, ary_out)
    print("match_any", [hex(v & 0xFFFFFFFF) for v in ary_out[:3]])
    ary_in = np.zeros(nelem, dtype=np.int32)
    k_match_all[1, nelem](ary_in, ary_out)
    print("match_all", hex(ary_out[0] & 0xFFFFFFFF), np.all(ary_out == ary_out[0]))
    ary_in[1] = 4
    k_match_all[1, nelem](ary_in, ary_out)
    print("match_all", ary_out[:4])

    arr = np.empty(32, dtype=np.uint32)
    k_sched[1, 32](arr)
    print("independent scheduling", [hex(v) for v in arr[:4]])
    out = np.zeros(32, dtype=np.uint32)
    use_activemask[1, 32](out)
    print("activemask", [hex(v) for v in out[:2]])
    out = np.zeros(32, dtype=np.uint32)
    use_lanemask_lt[1, 32](out)
    print("lanemask_lt", [hex(v) for v in out[::8]])


if __name__ == "__main__":
    main()
