# expect: 8:9: error: 'cuda.cg.this_thread_block' is not supported by py2cuda
# Only the grid group of cooperative groups exists in Numba (and py2cuda): no block groups.
from numba import cuda


@cuda.jit("void(int32[:])")
def bump(a):
    b = cuda.cg.this_thread_block()
    a[cuda.grid(1)] += 1
    b.sync()
