# expect: 12:5: error: kernel 'scale' has no type signature and the host code, whose launches would type it, is not translated (a list holding None is not supported by py2cuda (a list's items are numbers, strings, tuples or arrays); mark a missing item with a value of the items' type (-1, math.nan, ""))
# A list of results with None for the ones not computed yet: py2cuda's lists hold one type and no
# None (it compiled to C++ that did not build before); the message names the None and says what
# to write instead.
import numpy as np
from numba import cuda

FACTORS = [2.0, None, 0.5]


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


a = np.ones(4)
for f in FACTORS:
    if f is not None:
        scale[1, 32](a, f)
print(a)
