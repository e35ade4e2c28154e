"""Golden: tuples as local values: packing, unpacking, swapping, constant indexing, len(),
heterogeneous tuples, and a tuple rebuilt in a loop.

Numba types (1, 2.5) as Tuple(int64, float64) and (a, b) of two float32 as UniTuple(float32, 2).
`a, b = b, a` evaluates the right side fully before assigning. Tuples are immutable: the loop
builds a new tuple each time.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float64[:])")
def tuples(x, out):
    pair = (x[0], x[1])  # UniTuple(float32, 2)
    a, b = pair
    a, b = b, a  # swap
    out[0] = a
    out[1] = b
    mixed = (3, 2.5, x[2])  # Tuple(int64, float64, float32)
    out[2] = mixed[0] * mixed[1] + mixed[2]
    out[3] = mixed[-1]  # a constant negative index
    out[4] = len(mixed)
    fib = (0, 1)
    for _ in range(10):
        fib = (fib[1], fib[0] + fib[1])
    out[5] = fib[0]
    p, (q, r) = 1, (2, 3)  # nested unpacking
    out[6] = 100 * p + 10 * q + r
    lo, hi = (a, b) if a < b else (b, a)  # a tuple-valued conditional expression
    out[7] = hi - lo


if __name__ == "__main__":
    x = np.array([1.5, -4.0, 0.25], dtype=np.float32)
    out = cuda.device_array(8, dtype=np.float64)
    tuples[1, 1](cuda.to_device(x), out)
    r = out.copy_to_host()
    print(f"swapped: a = {r[0]}, b = {r[1]}")
    print(f"mixed: 3 * 2.5 + 0.25 = {r[2]}, mixed[-1] = {r[3]}, len = {r[4]}")
    print(f"fib after 10 steps = {r[5]}")
    print(f"nested unpacking = {r[6]}")
    print(f"hi - lo = {r[7]}")
