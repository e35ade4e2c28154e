"""Golden: a call of a device function keeps its place in Python's left-to-right order only where
the function can have an effect its caller sees (ir::mark_call_effects): an atomic, a store into
an array it was given, or a call of such a function. A function that only computes a value (a
store into a cuda.local.array of its own included) is an operator like `+`: its calls stay a
plain expression. An atomic's own operands keep Python's order too: its index before its value.
"""
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit(device=True)
def scratch_sum(x):
    # Writes only an array of its own, which no caller can see: no effect.
    t = cuda.local.array(2, dtype=np.int64)
    t[0] = x
    t[1] = x + 1
    return t[0] + t[1]


@cuda.jit(device=True)
def bump(a, i, j):
    # Writes the array it is given: a read of that element before the call sees the old value.
    a[i, j] += 100
    return a[i, j]


@cuda.jit(device=True)
def bump_twice(a, i, j):
    return bump(a, i, j) * 2  # an effect through the function it calls


@cuda.jit(device=True)
def take(a, i, j):
    return cuda.atomic.add(a, (i, j), 1000)


@cuda.jit
def ordered(w, cnt, out):
    i = cuda.grid(1)
    if i < w.shape[0]:
        out[i, 0] = square(w[i, 0]) + square(w[i, 1])  # no effects: no temporaries
        out[i, 1] = scratch_sum(w[i, 0]) * scratch_sum(w[i, 1])  # likewise
        out[i, 2] = w[i, 2] + bump(w, i, 2)  # the element read before the call writes it
        out[i, 3] = min(w[i, 3], bump_twice(w, i, 3))
        out[i, 4] = take(w, i, 4) - w[i, 4]  # the element read after the callee's atomic
        out[i, 5] = square(w[i, 5]) - take(w, i, 5)
        # The index (7 - 0) before the value (1): element 7 grows by 1, not element 6 by 0.
        out[i, 6] = cuda.atomic.add(w, (i, 7 - cuda.atomic.add(cnt, i, 1)), cuda.atomic.add(cnt, i, 1))


w = np.arange(32, dtype=np.int64).reshape(4, 8)
cnt = np.zeros(4, np.int64)
out = np.zeros((4, 7), np.int64)
ordered[1, 4](w, cnt, out)
print(out)
print(w)
print(cnt)
