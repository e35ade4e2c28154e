"""Golden: for loops over range with one, two and three arguments, negative steps, empty
ranges, nested loops, and the loop variable read after the loop.

Each loop appends the values it visits to `seen` (the next free slot is `count`), and a
sentinel -99 separates the loops, so the output shows exactly which iterations ran. Python's
range(start, stop, step) with a negative step counts down and stops before `stop`; a range whose
step points away from stop is empty. After a loop that ran, the variable keeps its last value.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], int32, int64[:])")
def visit(seen, n, last):
    count = 0
    for i in range(4):
        seen[count] = i
        count += 1
    seen[count] = -99
    count += 1
    for i in range(2, n):  # n is an int32 argument
        seen[count] = i
        count += 1
    seen[count] = -99
    count += 1
    for i in range(1, 10, 3):
        seen[count] = i
        count += 1
    seen[count] = -99
    count += 1
    for i in range(10, 0, -3):
        seen[count] = i
        count += 1
    last[0] = i  # 1: the last value visited
    seen[count] = -99
    count += 1
    for i in range(n, -n, -2):
        seen[count] = i
        count += 1
    seen[count] = -99
    count += 1
    for i in range(0, 10, -1):  # empty: the step points away from stop
        seen[count] = i
        count += 1
    for i in range(5, 5):  # empty
        seen[count] = i
        count += 1
    seen[count] = -99
    count += 1
    for i in range(3):
        for j in range(i, 3):
            seen[count] = 10 * i + j
            count += 1
    seen[count] = -99
    count += 1
    total = 0
    for k in range(seen.size):
        total += k
    last[1] = total
    last[2] = count


if __name__ == "__main__":
    seen = cuda.to_device(np.zeros(40, dtype=np.int64))
    last = cuda.device_array(3, dtype=np.int64)
    visit[1, 1](seen, 5, last)
    s = seen.copy_to_host()
    t = last.copy_to_host()
    count = t[2]
    group = 0  # loop 5 (the two empty ranges) prints nothing
    for k in range(count):
        if s[k] == -99:
            group += 1
        else:
            print(f"loop {group}: {s[k]}")
    print(f"last i = {t[0]}, sum of range(40) = {t[1]}, slots used = {count}")
