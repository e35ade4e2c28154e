# expect: 8:17: error: expected ':'
# A ';' typed for the ':' of a def: CPython's grammar demands the ':' there (`&&':'`), so it
# says "expected ':'" where an if, for or while header says "invalid syntax".
from numba import cuda


@cuda.jit
def relu(x, out);
    i = cuda.grid(1)
    if i < x.size:
        out[i] = max(x[i], 0.0)
