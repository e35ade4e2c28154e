# expect: 10:7: error: 'GridGroup' has no method 'wait' supported by py2cuda
# A made-up method on the grid group (its barrier is sync()).
from numba import cuda
from numba.cuda import cg


@cuda.jit("void(int32[:])")
def bump(a):
    g = cg.this_grid()
    g.wait()
    a[cuda.grid(1)] += 1
