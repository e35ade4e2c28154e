"""Emulation check: a cooperative grid larger than the device holds at once.

A kernel that calls cuda.cg.this_grid() is launched cooperatively: every block must be resident,
or cudaLaunchCooperativeKernel refuses the launch. The emulated device has 8 multiprocessors of
2048 threads, so blocks of 1024 threads fit 2 to a multiprocessor, 16 in all: 17 is refused,
naming the kernel, the grid and the limit.
"""
from numba import cuda

# emulation-run: scale_all --grid 17 --block 1024 float32[100]
# emulation-error: grid_too_large.py:15: cannot launch kernel 'scale_all': a cooperative launch (the kernel calls cg.this_grid()) needs every block resident at once, but grid (17, 1, 1) has 17 blocks and the emulated device holds at most 16 blocks of 1024 threads (8 multiprocessors x 2)


@cuda.jit("void(float32[:])")
def scale_all(a):
    g = cuda.cg.this_grid()
    for i in range(cuda.grid(1), a.size, cuda.gridsize(1)):
        a[i] *= 2
    g.sync()
    for i in range(cuda.grid(1), a.size, cuda.gridsize(1)):
        a[i] += a[a.size - 1 - i]
