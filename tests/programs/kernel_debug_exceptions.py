# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Exceptions raised in kernels compiled with debug=True: a failed assert with and without a
# message, and a raise of ValueError, each raised at the launch in the host code with the
# failing thread's and block's indices before its message (tid=[x, y, z] ctaid=[x, y, z]),
# caught by its class, and the kernels' other writes seen after.
import numpy as np
from numba import cuda


@cuda.jit(debug=True, opt=False)
def check_positive(x, out):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] >= 0, "negative input"
        out[i] = x[i] * 2


@cuda.jit(debug=True, opt=False)
def check_bare(x):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] != 3


@cuda.jit(debug=True, opt=False)
def check_range(x):
    i = cuda.grid(1)
    if i < x.size:
        if x[i] > 100:
            raise ValueError("value out of range")


def main():
    out = np.zeros(4)
    check_positive[1, 4](np.array([1.0, 2.0, 3.0, 4.0]), out)
    print("all positive:", out)
    try:
        check_positive[2, 2](np.array([1.0, 2.0, -3.0, 4.0]), np.zeros(4))
    except AssertionError as e:
        print("caught:", e)
    try:
        check_bare[1, 8](np.arange(6))
    except AssertionError as e:
        print("bare:", repr(str(e)))
    try:
        check_range[1, 4](np.array([5, 500, 7, 9]))
    except ValueError as e:
        print("range:", e)
    print("done")


main()
