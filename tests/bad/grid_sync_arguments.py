# expect: 11:5: error: GridGroup.sync() takes no arguments
# g.sync(...) given a value, as if it were a timeout or a group size.
from numba import cuda


@cuda.jit("void(float32[:])")
def halve(a):
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    a[i] /= 2
    g.sync(i)
