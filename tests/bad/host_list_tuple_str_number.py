# expect: 11:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (cannot iterate over a value of type list(Tuple(int64, float64), Tuple(unicode_type, float64)) (a tuple of mixed types); loops go over range(), 1-D arrays, tuples of one type, enumerate() and zip())
# A list of tuples whose first elements are an int and a str: a position whose values are numbers
# of several types is kept with each one's type, a str beside a number is not, so the list stays a
# display that a loop cannot go over (a warning at the loop's iterable); the host code is not
# translated, so the kernel launched in the loop has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


pairs = [(1, 2.5), ("three", 4.5)]
a = np.zeros(4)
for key, value in pairs:
    fill[1, 32](a, value)
    print(key, a)
