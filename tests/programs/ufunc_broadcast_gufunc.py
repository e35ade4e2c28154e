"""NAME.expected: numba-cuda's simulator cannot run CUDA ufuncs; the expected output comes from
`tests/programs/tools/ufunc_cpu_oracle.py` (the same file on Numba's CPU target)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# @vectorize and @guvectorize on the cuda target called from host code with broadcasting
import math
import numpy as np
from numba import cuda, vectorize, guvectorize, float32, float64


@vectorize(["float32(float32, float32)", "float64(float64, float64)"], target="cuda")
def rel_diff(a, b):
    return abs(a - b) / (abs(a) + abs(b) + 1e-12)


@vectorize(["float64(float64, float64, float64)"], target="cuda")
def lerp(a, b, t):
    return a + (b - a) * t


@guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)", target="cuda")
def scale_shift(row, s, out):
    m = 0.0
    for i in range(row.shape[0]):
        m += row[i]
    m /= row.shape[0]
    for i in range(row.shape[0]):
        out[i] = (row[i] - m) * s


@vectorize(["float64(float64)"], target="cuda")
def act(x):
    return 1.0 / (1.0 + math.exp(-x))


def main():
    a = np.arange(12, dtype=np.float64).reshape(3, 4)
    b = np.array([1.0, 2.0, 3.0, 4.0])
    print(rel_diff(a, b))
    print(rel_diff(a.astype(np.float32), np.float32(2.0)).dtype)
    print(lerp(a, b, 0.25))
    col = np.array([[0.0], [0.5], [1.0]])
    print(lerp(0.0, 10.0, col))
    out = scale_shift(a, 2.0)
    print(out)
    print(scale_shift(a, np.array([1.0, 0.5, -1.0])))
    d = cuda.to_device(np.linspace(-2, 2, 5))
    res = act(d)
    print(np.round(res.copy_to_host(), 5))


main()
