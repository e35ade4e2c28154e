# expect: 21:25: warning: np.errstate(divide='raise') is not supported by py2cuda
# expect-text: raises no FloatingPointError
# np.errstate(divide='raise') makes NumPy raise FloatingPointError at a division by zero, which
# py2cuda's host arithmetic does not do: host code is not translated rather than print inf where
# Python raises (a warning; the kernel, typed by its signature, is still translated).
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], float64[:], float64[:])")
def ratio(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] / b[i]


a = np.ones(4)
b = np.array([1.0, 0.0, 2.0, 4.0])
out = np.zeros(4)
ratio[1, 32](a, b, out)
with np.errstate(divide="raise"):
    print(a / b)
