# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_row_unpacking.py)
# Comprehensions that unpack the rows of a 2-D array into names, as a for loop does: the cells
# a kernel marked, from np.argwhere (a list of pairs, a dict, a sum), a float array's rows, and
# the ValueError of rows longer than the names.
import numpy as np
from numba import cuda

@cuda.jit
def mark(m):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] = 1 if (i + j) % 3 == 0 else 0

m = np.zeros((3, 4), dtype=np.int32)
mark[(1, 1), (4, 4)](m)
cells = [(int(i), int(j)) for i, j in np.argwhere(m)]
print(cells)
print({int(i): int(j) for i, j in np.argwhere(m)})
print(sum(int(i) * int(j) for i, j in np.argwhere(m)))
pts = np.array([[1.5, 2.0], [3.0, -1.0]])
print([x + y for x, y in pts], [round(float(x * y), 2) for x, y in pts])
try:
    print([a + b for a, b in np.arange(6).reshape(2, 3)])
except ValueError as e:
    print("ValueError:", e)
