"""Golden: atomics whose old values meet in one expression keep Python's left-to-right order (C++
leaves a call's arguments and most operators' operands unordered; GCC goes right to left): both
values are evaluated first, in order, into temporaries; an element read before an atomic on it
is read first.
"""
import numpy as np
from numba import cuda


@cuda.jit
def ordered(ow, out):
    i = cuda.grid(1)
    if i < ow.shape[0]:
        v = np.int64(5)
        out[i, 0] = cuda.atomic.add(ow, (i, 0), 3) * 2 + cuda.atomic.max(ow, (i, 1), v)
        out[i, 1] = cuda.atomic.add(ow, (i, 2), 1) - cuda.atomic.add(ow, (i, 2), 10)
        out[i, 2] = max(cuda.atomic.exch(ow, (i, 3), 7), cuda.atomic.exch(ow, (i, 3), 9))
        out[i, 3] = cuda.atomic.add(ow, (i, 4), 1) < cuda.atomic.add(ow, (i, 4), 1)
        out[i, 4] = ow[i, 5] + cuda.atomic.add(ow, (i, 5), 4)
        out[i, 5] = min(ow[i, 6], cuda.atomic.exch(ow, (i, 6), -3))
        out[i, 6] = cuda.atomic.add(ow, (i, 0), 0) + abs(-2)  # one atomic: no temporaries
        pair = (ow[i, 7], cuda.atomic.add(ow, (i, 7), 5))  # a tuple's elements, in order too
        out[i, 7] = pair[0] * 100 + pair[1]


ow = np.arange(32, dtype=np.int64).reshape(4, 8)
out = np.zeros((4, 8), np.int64)
ordered[1, 4](ow, out)
print(out)
print(ow)
