# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Host numbers whose Python/NumPy type differs by path (a float or an np.float32, an int or a
# float, as the branch that ran decides): py2cuda holds each as a DynamicNumber, so that it
# prints, formats, compares and computes as the type of the path that ran, as CPython does.
import numpy as np
from numba import cuda


@cuda.jit
def shift(out, x, by):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + by


a = (np.arange(6, dtype=np.float32) * np.float32(0.3)) - np.float32(0.4)
negative = -np.abs(a) - np.float32(1)

# Best so far: a Python float 0.0 until an np.float32 element beats it.
best = 0.0
for v in a:
    if v > best:
        best = v
print(best, f"{best}", f"{best:.3f}", best > 1.0)

# The same loop where no element is positive: best stays the float 0.0.
best_neg = 0.0
for v in negative:
    if v > best_neg:
        best_neg = v
print(best_neg, f"{best_neg}", best_neg == 0)

# An int on one branch, a float on the other; each program run takes one of them.
k = 7
if a[0] > 0:
    y = k
else:
    y = k / 2
print(y, f"{y:>6}", "%s" % y)
if a[5] > 0:
    y2 = k
else:
    y2 = k / 2
print(y2, f"{y2:>6}", "%s" % y2)

# Rebound in an if that does not run: still the int it was before.
x = 1
if a[0] > 10:
    x = 2.5
print(x, x * 2, x / 2)

# Arithmetic and comparisons keep the type of the path that ran.
acc = best
acc = acc * 2
acc += 1
print(acc, -acc, acc // 1, acc % 1, acc ** 2, acc < 3, not acc)
total = y + 1
total += y2
print(total, total * 3, -y, y // 2, y % 5, y2 ** 2, y == 7, y2 != 3.5)
bonus = best_neg + 1
print(bonus, bonus - 0.5)

# A launch runs the kernel specialised for the type it holds (float32 here); float() and int()
# convert it.
out = np.zeros(6, dtype=np.float32)
shift[1, 32](out, a, best)
print(out)
print(round(float(best), 4), int(y2))
