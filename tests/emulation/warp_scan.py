"""Emulation check: an inclusive prefix sum within each warp by shfl_up_sync, in a block of 40
threads whose second warp has 8 lanes: its mask comes from cuda.activemask() (0x000000ff).
Lanes below the offset keep their own value and add nothing.
"""
from numba import cuda

# emulation-run: warp_scan --grid 1 --block 40 int32[40]
# emulation-expect: a = 0 1 3 6 10 15 21 28 36 45 55 66 78 91 105 120 136 153 171 190 210 231 253 276 300 325 351 378 406 435 465 496 32 65 99 134 170 207 245 284


@cuda.jit("void(int32[:])")
def warp_scan(a):
    i = cuda.grid(1)
    lane = cuda.laneid
    mask = cuda.activemask()
    v = a[i]
    offset = 1
    while offset < 32:
        up = cuda.shfl_up_sync(mask, v, offset)
        if lane >= offset:
            v += up
        offset *= 2
    a[i] = v
