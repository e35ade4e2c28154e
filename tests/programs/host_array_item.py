# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_array_item.py)
# a.item() with indices: a.item(i, j) is a[i, j] and a.item(k) the k-th element in C order (of a
# transposed view too), negative indices counting from the end, as the Python scalar (float, int),
# and IndexError past the end.
import numpy as np
from numba import cuda

@cuda.jit
def fill(m):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] = i * 10 + j

m = np.zeros((3, 4), dtype=np.float32)
fill[(1, 1), (4, 4)](m)
v = np.arange(5, dtype=np.int16)
print(m.item(5), m.item(2, 3), m.item(-1), m.item(-1, 0), v.item(3), v.item(-2), type(m.item(1)).__name__, type(v.item(0)).__name__)
print(np.array([7.5]).item(), m.T.item(1))
try:
    v.item(9)
except IndexError as e:
    print("IndexError")
