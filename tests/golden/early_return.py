"""Golden: return statements: a bare `return` that ends a kernel thread early (guard clauses),
and device functions with several returns, including returns from inside loops, and a device
function that calls another.
"""
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def first_index(a, value):
    for k in range(a.size):
        if a[k] == value:
            return k  # leaves the loop and the function
    return -1


@cuda.jit(device=True)
def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


@cuda.jit(device=True)
def next_prime(n):
    candidate = n + 1
    while not is_prime(candidate):
        candidate += 1
    return candidate


@cuda.jit("void(int64[:], int64[:], int64[:, :])")
def guards(values, haystack, out):
    i = cuda.grid(1)
    if i >= values.size:
        return
    out[i, 0] = first_index(haystack, values[i])
    out[i, 1] = is_prime(values[i])
    if values[i] < 0:
        out[i, 2] = -1
        return  # the rest of the kernel is skipped for negative values
    out[i, 2] = next_prime(values[i])


if __name__ == "__main__":
    values = np.array([7, 10, -4, 0, 13, 24, 97], dtype=np.int64)
    haystack = np.array([3, 13, 24, 7, 7, 100], dtype=np.int64)
    n = 7
    out = cuda.to_device(np.full((n, 3), 999, dtype=np.int64))
    guards[1, 16](cuda.to_device(values), cuda.to_device(haystack), out)
    r = out.copy_to_host()
    for i in range(n):
        print(f"{values[i]}: first index {r[i, 0]}, prime {r[i, 1]}, next prime {r[i, 2]}")
