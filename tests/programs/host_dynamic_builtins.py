# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Host numbers whose Python/NumPy type differs by path (DynamicNumber) taken by builtins (max,
# min, abs, round, sum of a display), by isinstance, by a division by zero and by a kernel
# launch: each follows the type the number holds on the path that ran, as CPython and Numba do
# (max(n, 2) of the int 5 is 5, of the float -2.5 is 2; a launch with an int runs the int64
# specialisation, with an np.float32 the float32 one).
import numpy as np
from numba import cuda


@cuda.jit
def square(out, x):
    # float32 arithmetic for an np.float32 x, float64 for a float, int64 for an int.
    out[0] = x * x


@cuda.jit
def store(out, x):
    out[0] = x


samples = np.array([0.1, -2.5, 7.3], dtype=np.float32)

for trial in range(3):
    # An int, a Python float or an np.float32 element, as the trial decides.
    if trial == 0:
        n = 5
    elif trial == 1:
        n = -2.5
    else:
        n = samples[0]
    print("n:", n, type(n).__name__, type(n))
    print("max/min:", max(n, 2), min(n, 2), max(1, n, 3), min(n, 0.5, -7))
    print("abs:", abs(n), abs(-n), "round:", round(n), round(n, 1), round(n * 10, -1))
    print("sum:", sum((n, 2)), sum([n, 1, n], 0.5))
    print("isinstance:", isinstance(n, int), isinstance(n, float), isinstance(n, (int, float)), isinstance(n, bool))
    for d in (0, 0.0, 2):
        try:
            print("n / d:", n / d, n // d, n % d)
        except ZeroDivisionError as e:
            print("ZeroDivisionError:", e)
    out = np.zeros(1)
    square[1, 1](out, n)
    print("kernel:", repr(out[0]))

# A float32 best-so-far against a Python float start: the launch takes the type it holds.
best = 0.0
for v in samples:
    if v > best:
        best = v
out = np.zeros(1)
square[1, 1](out, best)
print("best:", best, repr(out[0]))

# An int the float64 specialisation would round (2**53 + 1), or a float.
big = 0.5
if samples[2] > 1:
    big = 2**53 + 1
exact = np.zeros(1, dtype=np.int64)
store[1, 1](exact, big)
print("stored:", exact[0], isinstance(big, int))

# Division and modulo of two Python numbers by zero raise, in CPython's words.
k = 7
if samples[1] < 0:
    k = 7.5
zero = 0
if samples[0] > 10:
    zero = 0.0
for op in ("/", "//", "%", "**"):
    try:
        if op == "/":
            print(k / zero)
        elif op == "//":
            print(k // zero)
        elif op == "%":
            print(k % zero)
        else:
            print(zero ** -k)
    except ZeroDivisionError as e:
        print(op, "ZeroDivisionError:", e)
