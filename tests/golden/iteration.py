"""Golden: for loops over arrays, tuples, enumerate() and zip().

Each becomes a counted loop over an index: the iterables are evaluated once, zip stops at
the shortest, enumerate counts from its start, and the loop variables keep their last values
after the loop, as in Python.
"""
import numpy as np
from numba import cuda

WEIGHTS = (0.25, 0.5, 0.25)


@cuda.jit("void(float32[:], float32[:], float64[:])")
def loops(a, b, out):
    total = 0.0
    for x in a:
        total += x
    out[0] = total
    for i, (x, y) in enumerate(zip(a, b)):
        out[1 + i] = x * y
    smoothed = 0.0
    for j, w in enumerate(WEIGHTS, 1):
        smoothed += j * w
    out[10] = smoothed
    countdown = 0
    for r, x in zip(range(10, 0, -3), a):
        countdown = countdown * 100 + r
    out[11] = countdown
    out[12] = x  # the last element zip reached


if __name__ == "__main__":
    a = np.array([1.5, -2.0, 0.25, 4.0, 8.0, 3.0], dtype=np.float32)
    b = np.array([2.0, 0.5, -4.0, 1.0], dtype=np.float32)
    out = cuda.to_device(np.zeros(13, dtype=np.float64))
    loops[1, 1](cuda.to_device(a), cuda.to_device(b), out)
    print(" ".join(f"{v:g}" for v in out.copy_to_host()))
