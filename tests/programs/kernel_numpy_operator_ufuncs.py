"""NumPy's comparison, logical and bitwise ufuncs in kernels, as numba-cuda lowers them: on
scalars typed by NumPy's loops (np.left_shift of int8 values wraps in int8, np.invert of a bool
is `not`, np.greater of an int64 and a uint64 compares them exactly, np.logical_xor of floats
tests for nonzero with NaN counted as true), and on arrays with the output array last
(`np.greater(x, y, out)`), NumPy's loop over the output."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def operators(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = np.bitwise_and(x[i], y[i])
        out[i, 1] = np.bitwise_or(x[i], y[i])
        out[i, 2] = np.bitwise_xor(x[i], y[i])
        out[i, 3] = np.left_shift(x[i], 2)
        out[i, 4] = np.right_shift(x[i], 1)
        out[i, 5] = np.invert(x[i])
        out[i, 6] = np.logical_and(x[i] > 0, y[i] > 0)
        out[i, 7] = np.less_equal(x[i], y[i])
        out[i, 8] = np.not_equal(x[i], y[i])


@cuda.jit
def narrow(small, out):
    i = cuda.grid(1)
    if i < small.size:
        out[i, 0] = np.left_shift(small[i], 3)
        out[i, 1] = np.invert(small[i] > 0)
        out[i, 2] = np.bitwise_not(small[i])


@cuda.jit
def mixed_signs(signed, unsigned, out):
    i = cuda.grid(1)
    if i < signed.size:
        out[i, 0] = np.greater(signed[i], unsigned[i])
        out[i, 1] = np.less(unsigned[i], signed[i])
        out[i, 2] = np.equal(signed[i], unsigned[i])


@cuda.jit
def floats(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = np.logical_xor(a[i], b[i])
        out[i, 1] = np.logical_or(a[i], b[i])
        out[i, 2] = np.logical_not(a[i])
        out[i, 3] = np.greater_equal(a[i], b[i])


@cuda.jit
def whole_arrays(a, b, gt, both):
    np.greater(a, b, gt)
    np.logical_and(a, b, both)


x = np.array([-7, 0, 5, 13], dtype=np.int64)
y = np.array([3, -4, 6, 5], dtype=np.int64)
out = np.zeros((4, 9), dtype=np.int64)
operators[1, 4](x, y, out)
print(out)

small = np.array([100, -3, 17, 0], dtype=np.int8)
out8 = np.zeros((4, 3), dtype=np.int64)
narrow[1, 4](small, out8)
print(out8)

signed = np.array([-1, 5, 2 ** 62], dtype=np.int64)
unsigned = np.array([5, 5, 2 ** 62], dtype=np.uint64)
unsigned[0] = np.uint64(2 ** 62) * np.uint64(3)  # past 2**63: negative as an int64
flags = np.zeros((3, 3), dtype=np.bool_)
mixed_signs[1, 4](signed, unsigned, flags)
print(flags)

a = np.array([0.0, np.nan, 2.5, -1.0])
b = np.array([1.0, 0.0, 0.0, -1.0])
fout = np.zeros((4, 4), dtype=np.bool_)
floats[1, 4](a, b, fout)
print(fout)

gt = np.zeros(4, dtype=np.bool_)
both = np.zeros(4, dtype=np.bool_)
whole_arrays[1, 1](a, b, gt, both)
print(gt, both)
