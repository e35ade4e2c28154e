# expect: 10:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (this value comes from a dict whose values have several types (py2cuda keeps each with its Python type for printing and formatting only): convert it first, e.g. float(d[k]), int(d[k]) or str(d[k]))
# A value of a dict of mixed value types (int, float, str) used in arithmetic: py2cuda keeps such
# values for printing and formatting only, so a warning says to convert it first (float(d[k]))
# and the host code is not translated: the kernel the program launches has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


stats = {"n": 8, "scale": 0.5, "name": "ones"}
a = np.zeros(stats["n"] * 2)
fill[1, 32](a, 1.0)
print(a)
