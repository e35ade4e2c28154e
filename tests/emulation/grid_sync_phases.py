"""Emulation check: a correct cooperative kernel, whose second phase reads other blocks' writes.

Each thread doubles its element; after g.sync() every thread adds the mirrored element, which
another block doubled: a[i] = 2 * i + 2 * (n - 1 - i) = 2 * (n - 1) everywhere, once every block
has passed the grid barrier. Without the barrier some sums would read undoubled values.
"""
from numba import cuda

# emulation-run: mirror_sum --grid 5 --block 32 float64[150] float64[150]
# emulation-expect: out = 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298 298


@cuda.jit("void(float64[:], float64[:])")
def mirror_sum(a, out):
    i = cuda.grid(1)
    n = a.size
    if i < n:
        a[i] *= 2
    cuda.cg.this_grid().sync()
    if i < n:
        out[i] = a[i] + a[n - 1 - i]
