# expect: 11:9: error: illegal target for annotation
# A call is no target: CPython's "illegal target for annotation" where the call starts (a ':'
# after it with nothing to annotate, `out_of(i):`, is "invalid syntax" at the ':').
from numba import cuda


@cuda.jit("void(float32[::1])")
def scale(out):
    i = cuda.grid(1)
    if i < out.size:
        len(out): int = 3
