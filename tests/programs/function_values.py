"""Kernels and functions held in names: an alias (`k = kernel`) launched, a loop over a list of
(kernel, name) pairs and over a tuple of kernels (each unrolled by py2cuda, one copy of the body
per element), a loop over plain and @njit host functions called through the loop variable, a
kernel launched with two type lists through one alias, and an inner loop with `break` inside an
unrolled body.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, njit


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@cuda.jit
def double_it(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


@cuda.jit
def square(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * a[i]


def halve(x):
    return x / 2


@njit
def cube(x):
    return x * x * x


if __name__ == "__main__":
    data = np.arange(8, dtype=np.int64)
    d = cuda.to_device(data)

    k = add_one
    k[1, 32](d)
    print("alias add_one:", d.copy_to_host())

    k = double_it  # rebound at the top level: launches double_it from here on
    k[1, 32](d)
    print("alias double_it:", d.copy_to_host())

    for kernel, name in [(add_one, "add_one"), (double_it, "double_it"), (square, "square")]:
        d = cuda.to_device(np.arange(6, dtype=np.int64))
        kernel[2, 4](d)
        result = d.copy_to_host()
        print(f"{name}: {result} sum={result.sum()}")

    total = 0
    for kernel in (add_one, square):
        x = cuda.to_device(np.full(5, 3.5, dtype=np.float32))
        kernel[1, 8](x)
        host = x.copy_to_host()
        total += int(host.sum())
        print(host)
    print("total", total)

    # One alias launched with an int64 and a float32 array: two instantiations of square.
    sq = square
    ints = cuda.to_device(np.array([1, 2, 3], dtype=np.int64))
    floats = cuda.to_device(np.array([0.5, 1.5], dtype=np.float32))
    sq[1, 4](ints)
    sq[1, 4](floats)
    print(ints.copy_to_host(), floats.copy_to_host())

    for f, label in [(halve, "halve"), (cube, "cube")]:
        print(label, f(3), f(2.5))
        found = -1
        for j in range(10):
            if f(j) > 5:
                found = j
                break
        print("  first j with", label, "(j) > 5:", found)
