# expect: 17:10: error: did you forget parentheses around the comprehension target?
# A comprehension making pairs without the tuple's parentheses: CPython reads the elements as a
# list display and names the slip at its first element.
import numpy as np
from numba import cuda


@cuda.jit
def square(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i * i


x = np.zeros(8, dtype=np.int64)
square[1, 8](x)
pairs = [i, x[i] for i in range(8)]
print(pairs)
