# expect: 10:12: error: cannot use assignment expressions with subscript
# `:=` where `=` or `==` was meant: only a name can be assigned with ':='.
from numba import cuda


@cuda.jit
def clamp(x, lo):
    i = cuda.grid(1)
    if i < x.size:
        if x[i] := lo:
            x[i] = 0.0
