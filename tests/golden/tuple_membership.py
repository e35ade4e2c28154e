"""Golden: `in` and `not in` of a tuple of one type in a kernel.

numba-cuda's `operator.contains` of a UniTuple compares the item with each element by `==`
in turn, after promoting both to the type they meet in (an int64 item against float64 elements
compares as float64). A tuple display, a tuple variable and an array's shape all work; a tuple
of mixed types has no `in` in Numba (tests/bad/in_mixed_tuple.py).
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], boolean[:, :])")
def membership(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = v in (1, 2, 3)
        out[i, 1] = v not in (1, 2, 3)
        out[i, 2] = v in (2.5, 7.0)
        out[i, 3] = i + 2 in x.shape
        small = (np.int8(-1), np.int8(3))
        out[i, 4] = v in small
        if v in (4, 8) or v not in (1, 2, 3, 4, 7, 8):
            out[i, 5] = True


if __name__ == "__main__":
    x = np.array([1, 2, 3, 4, 7, 8, -1], dtype=np.int64)
    out = np.zeros((7, 6), dtype=np.bool_)
    membership[1, 8](x, out)
    for i in range(7):
        print(x[i], [int(b) for b in out[i]])
