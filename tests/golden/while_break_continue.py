"""Golden: while loops, `while True` with break, break and continue in for and while loops,
and break leaving only the innermost loop.

One thread per starting value: Collatz steps (a while loop with an arithmetic condition), the
first divisor > 1 (a for loop left with break), a sum of the odd numbers below n that are not
multiples of 3 (continue), and the number of (i, j) pairs with j < i, whose inner loop breaks.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], int64[:, :])")
def loops(start, out):
    t = cuda.grid(1)
    if t >= start.size:
        return
    n = start[t]

    steps = 0
    value = n
    while value != 1 and value > 0:
        if value % 2 == 0:
            value //= 2
        else:
            value = 3 * value + 1
        steps += 1
    out[t, 0] = steps

    divisor = n  # stays n when n is prime
    for d in range(2, n):
        if d * d > n:
            break
        if n % d == 0:
            divisor = d
            break
    out[t, 1] = divisor

    total = 0
    k = 0
    while True:
        k += 1
        if k >= n:
            break
        if k % 2 == 0 or k % 3 == 0:
            continue
        total += k
    out[t, 2] = total

    pairs = 0
    for i in range(n % 10):
        for j in range(10):
            if j >= i:
                break  # leaves the j loop only
            pairs += 1
    out[t, 3] = pairs


if __name__ == "__main__":
    start = np.array([1, 2, 6, 7, 27, 49, 97, 100], dtype=np.int64)
    n = 8
    out = cuda.device_array((n, 4), dtype=np.int64)
    loops[1, 16](cuda.to_device(start), out)
    r = out.copy_to_host()
    for t in range(n):
        print(f"n={start[t]}: collatz steps {r[t, 0]}, smallest divisor {r[t, 1]}, "
              f"sum of 1,5,7,11,... below n {r[t, 2]}, pairs {r[t, 3]}")
