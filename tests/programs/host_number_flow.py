# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Host numbers whose type changes along the program: each print shows the type of the name's
# last assignment, as CPython does (py2cuda versions a name at a loop or if that widens it).
import numpy as np
from numba import cuda


@cuda.jit
def scale(out, x, f):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * f


def mean(a):
    acc = 0
    print("acc before the loop:", acc)
    for i in range(a.size):
        acc = acc + a[i]
    return acc / a.size


x = (np.arange(10, dtype=np.float32) * np.float32(0.1)).reshape(2, 5)
total = 0
print(total)
for v in x.ravel():
    total += v
print(total, f"{total:.3f}", total > 4.5)

n = 1
while n < 100:
    n = n * 3
print(n)
w = 0
print(w)
while w < 2:
    w += 0.75
print(w)
count = 10
print(count)
count = count / 4
print(count, f"{count}", str(count))
count = 3
print(count)

s = 0
s += x[0, 1]
print(s, f"{s}", f"{s:.2f}")
z = np.float32(0.1)
print(z)
z = z * 2
print(z)
z = 0.1
print(z)
print(mean(x.ravel()))

flag = False
print(flag)
if x[1, 0] > 0.2:
    flag = 1
print(flag)

out = np.zeros(10, dtype=np.float32)
f = 2
scale[1, 32](out, x.ravel(), f)
print(out)
f = 0.5
scale[1, 32](out, x.ravel(), f)
print(out)
scale[1, 32](out, x.ravel(), total)
print(out)
