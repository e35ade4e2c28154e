"""CPU @jit/@njit functions and plain Python helpers around a kernel; loops, if/elif, tuples."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math
import numpy as np
from numba import cuda, jit, njit, prange


@njit
def cpu_norm(v):
    total = 0.0
    for i in range(v.shape[0]):
        total += v[i] * v[i]
    return math.sqrt(total)


@jit(nopython=True)
def int_mean(a):
    s = 0
    for x in a:
        s += x
    return s // a.size, s / a.size


@jit
def classify(x):
    if x < 0:
        return -1
    elif x == 0:
        return 0
    return 1


@cuda.jit
def cube(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * a[i] * a[i]


def run_cube(values):
    out = np.zeros_like(values)
    cube[1, 32](values, out)
    return out


def describe(name, arr):
    lo, hi = arr.min(), arr.max()
    return name + ": " + str(lo) + ".." + str(hi)


def main():
    a = np.array([-2, -1, 0, 1, 2, 3], dtype=np.int64)
    b = np.array([0.5, -1.5, 2.0])
    for values in [a, np.arange(4)]:
        cubed = run_cube(values)
        print(cubed, describe("cubed", cubed))
    fb = run_cube(b)
    print(fb, describe("float", fb))
    print("norm", cpu_norm(b), "norm of cubes", cpu_norm(fb))
    q, m = int_mean(a)
    print("int mean", q, m)
    signs = (classify(-3), classify(0), classify(2.5))
    print("signs", signs, "first", signs[0], "count", len(signs))
    total = 0
    for k in range(10):
        if k % 3 == 0:
            continue
        elif k == 8:
            break
        total += k
    print("loop total", total)
    pair = (total, cpu_norm(b))
    x, y = pair
    print(pair, x, round(y, 4))
    # The CPU target's switches: parallel=True with prange (iterations in order here), and
    # error_model='numpy' (a float division by zero gives inf/nan instead of ZeroDivisionError).
    print("prange sum", prange_sum(a), "numpy error model", numpy_ratio(1.0, 0.0), numpy_ratio(0.0, 0.0))


@njit(parallel=True, nogil=True, boundscheck=False)
def prange_sum(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i] * 2
    return s


@jit(nopython=True, error_model="numpy", cache=True)
def numpy_ratio(x, y):
    return x / y


if __name__ == "__main__":
    main()
