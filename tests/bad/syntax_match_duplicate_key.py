# expect: 19:14: error: mapping pattern checks duplicate key ('factor')
# A mapping pattern naming one key twice (a copied line edited in the wrong place): CPython's
# compiler rejects it before the program runs, at the mapping pattern.
import numpy as np
from numba import cuda


@cuda.jit
def scale(out, factor):
    i = cuda.grid(1)
    if i < out.size:
        out[i] *= factor


def factor_of(options):
    match options:
        case {"factor": "double"}:
            return 2.0
        case {"factor": "triple", "factor": f}:
            return 3.0
        case _:
            return 1.0


x = np.ones(8, dtype=np.float32)
scale[1, 8](x, factor_of({"factor": "double"}))
print(x)
