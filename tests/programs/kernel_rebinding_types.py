# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""A name rebound to a value of another type in straight-line kernel code.

Numba types each SSA version of a name apart: `v = a[i]` stays an int64 when a later
`v = v * 0.5` makes a float64, so integer floor division, modulo, exact big integers and
indexing before the rebinding keep their integer meaning. Versions that meet where control
flow joins (a loop's accumulator, a branch's result) are unified, as Numba unifies them.
"""
import math

import numpy as np
from numba import cuda


@cuda.jit
def halves(a, ints, floats):
    i = cuda.grid(1)
    if i < a.size:
        v = a[i]
        w = v // 3
        ints[i] = v % 7 - w
        v = v * 0.5
        floats[i] = v + w


@cuda.jit
def exact_then_scaled(b, c):
    i = cuda.grid(1)
    if i < b.size:
        t = b[i]
        c[i] = t + 1
        t = t / 2
        if t > 0:
            c[i] += 1


@cuda.jit
def bucket(x, counts):
    i = cuda.grid(1)
    if i < x.size:
        k = x[i] * 2.5
        k = int(k)
        cuda.atomic.add(counts, k % counts.size, 1)


@cuda.jit
def scale_parameter(a, n):
    i = cuda.grid(1)
    half = n // 2
    n = n * 0.25
    if i < a.size:
        a[i] = a[i] * n + half


@cuda.jit(device=True)
def split_mean(x):
    y = x // 2
    r = x - 2 * y
    y = y * 1.5
    return y + r


@cuda.jit
def per_iteration(a, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for k in range(a.shape[1]):
            t = a[i, k]
            acc += t % 4
            t = t / 3
            acc += t
        out[i] = acc + split_mean(a[i, 0])


@cuda.jit
def accumulate(a, out):
    i = cuda.grid(1)
    if i < out.size:
        s = 0
        for k in range(a.shape[1]):
            s = s + a[i, k]
            s = s * 0.5
        out[i] = s


@cuda.jit
def two_arrays(f, g, out):
    i = cuda.grid(1)
    if i < out.size:
        src = f
        x = src[i] * 2
        src = g
        out[i] = x + src[i] // 2


@cuda.jit
def angle_then_bits(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = math.atan2(x[i], 1.0)
        v = int(v * 1000)
        out[i] = v ^ 0x55


a = np.arange(-5, 5, dtype=np.int64) * 1000000007
ints = np.zeros(10, dtype=np.int64)
floats = np.zeros(10)
halves[1, 32](a, ints, floats)
print(ints)
print(floats)

big = 2**53 + 1
b = np.array([big, -big], dtype=np.int64)
c = np.zeros(2, dtype=np.int64)
exact_then_scaled[1, 4](b, c)
print(c)

x = np.linspace(0.0, 9.0, 40)
counts = np.zeros(7, dtype=np.int32)
bucket[2, 32](x, counts)
print(counts, counts.sum())

s = np.ones(6)
scale_parameter[1, 8](s, 7)
print(s)

m = np.arange(24, dtype=np.int64).reshape(6, 4) * 7 - 30
out = np.zeros(6)
per_iteration[1, 8](m, out)
print(out)
accumulate[1, 8](m, out)
print(out)

f = np.linspace(-1.0, 1.0, 5).astype(np.float32)
g = np.arange(5, dtype=np.int32) * 11
o = np.zeros(5)
two_arrays[1, 8](f, g, o)
print(o)

y = np.linspace(-3.0, 3.0, 6)
bits = np.zeros(6, dtype=np.int64)
angle_then_bits[1, 8](y, bits)
print(bits)
