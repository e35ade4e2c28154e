# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_array_of_arrays.py)
# np.array of a list (or tuple) of arrays is NumPy's stack of them along a new first axis: the
# rows two kernels computed gathered into a table, the dtype NumPy's promotion of theirs (int32
# beside float32 is float64) or dtype=, 2-D arrays stacked into a 3-D one. Nested lists stored
# into a slice (`batch[1] = [[1, 2], [3, 4]]`, `m[:] = ...`), and lists stored through an index
# array or a mask (`y[[0, 2]] = [1.0, 2.0]`), are NumPy's array of them first.
import numpy as np
from numba import cuda


@cuda.jit
def squares(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * x[i]


@cuda.jit
def halves(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] // 2


x = np.arange(5, dtype=np.int32)
sq = np.zeros(5, dtype=np.float32)
hv = np.zeros(5, dtype=np.int32)
squares[1, 32](x, sq)
halves[1, 32](x, hv)
table = np.array([x, sq, hv])
print(table, table.dtype, table.shape)
narrow = np.array([sq, hv], dtype=np.float32)
print(narrow.dtype, narrow.sum(axis=1))
cube = np.array((np.eye(2), table[:2, :2]))
print(cube.shape, cube[1])

batch = np.zeros((3, 2, 2))
batch[1] = [[1, 2], [3, 4]]
batch[2, 0] = [5, 6]
batch[0, :, :] = [[0.5, True], [-1, 2.25]]
cube[...] = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
print(batch.reshape(3, 4), cube.sum(axis=(1, 2)))
y = np.zeros(5)
y[[0, 2]] = [1.0, 2.0]
y[np.array([4, 1])] = [7, 8.5]
y[y > 5] = [60, 70]
squares[1, 32](y, y)
print(y)
