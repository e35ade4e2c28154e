# expect: 11:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (this value comes from a dict whose values have several types (py2cuda keeps each with its Python type; beside a number it is the number it holds): convert it first, e.g. float(d[k]), int(d[k]) or str(d[k]))
# A value of a dict of mixed value types (int, float, str) joined to a str: py2cuda takes such a
# value as the number it holds beside a number (stats["n"] * 2), but not as a str, so a warning
# says to convert it first (str(d[k])) and the host code is not translated: the kernel the
# program launches has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


stats = {"n": 8, "scale": 0.5, "name": "ones"}
a = np.zeros(len(stats["name"] + "_run") * stats["n"])
fill[1, 32](a, 1.0)
print(a)
