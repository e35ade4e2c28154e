# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# CUDA ufuncs given what host code has at hand: Python lists (NumPy makes them arrays first),
# a list beside a scalar, and a ufunc with a signature reading a module-level lookup table the
# program builds with a comprehension before the ufunc is defined (Numba freezes it when it
# compiles the ufunc, at its decorator), and one reading weights the program normalised in place
# before defining it. `.expected` from `NUMBA_ENABLE_CUDASIM=1 python
# tools/ufunc_cpu_oracle.py` (kernels in the simulator, the ufuncs on Numba's CPU target).
import numpy as np
from numba import cuda, vectorize

LUT = np.array([i * i + 0.5 for i in range(8)], dtype=np.float64)
W = np.array([1.0, 2.0, 1.0])
W /= W.sum()  # changed in place before the ufunc reading it is defined


@vectorize(['float64(float64, float64)'], target='cuda')
def wavg(a, b):
    return 0.75 * a + 0.25 * b


@vectorize(['float64(int64)'], target='cuda')
def lookup(v):
    return LUT[v % 8]


@vectorize(["float64(float64)"], target="cuda")
def weigh(x):
    return x * W[1]


@cuda.jit
def gather(idx, out):
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = LUT[idx[i]]


print(wavg([1.0, 2.0, 3.0], [5.0, 6.0, 7.0]))
print(wavg([4.0, 8.0], 0.0))
idx = np.array([3, 1, 2, 9], dtype=np.int64)
print(lookup(idx), lookup([5, 6]))
out = np.zeros(3)
gather[1, 32](idx[:3], out)
print(out)
print(weigh(np.arange(3.0)))
