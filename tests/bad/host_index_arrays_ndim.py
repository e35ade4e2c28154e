# expect: 10:5: error: kernel 'fill' has no type signature and the host code never launches it
# Index arrays of different numbers of dimensions (m[r[:, None], c], which NumPy broadcasts
# into a grid) are not supported: a warning at the index in host code (no main()), so the
# kernel the program launches on the result has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(m):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] = i * 10 + j


m = np.arange(16, dtype=np.int64).reshape(4, 4)
r = np.array([[0], [2]])
c = np.array([1, 3])
block = m[r, c]
fill[(1, 1), (4, 4)](block)
print(block)
