"""NumPy array creation on the host, a kernel without a signature typed by its launches."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def add_index(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += i


def show(label, a):
    print(label, a.dtype, a.shape)
    print(a)


if __name__ == "__main__":
    show("arange", np.arange(6))
    show("arange float", np.arange(0.5, 3.0, 0.5))
    show("arange dtype", np.arange(3, 9, 2, dtype=np.float32))
    show("zeros", np.zeros(4))
    show("zeros int32", np.zeros((2, 3), dtype=np.int32))
    show("ones", np.ones((2, 2), dtype=np.float32))
    e = np.empty(3, dtype=np.int64)
    e[:] = 7
    show("empty filled", e)
    show("full", np.full((2, 3), 2.5))
    show("full int", np.full(4, -1, dtype=np.int16))
    show("linspace", np.linspace(0.0, 1.0, 5))
    show("linspace f32", np.linspace(-1, 1, 4, dtype=np.float32))
    show("eye", np.eye(3))
    show("eye int", np.eye(3, dtype=np.int32))
    show("array list", np.array([1, 2, 3]))
    show("array floats", np.array([1.5, -2.0, 3.25]))
    show("array nested", np.array([[1, 2, 3], [4, 5, 6]]))
    show("array dtype", np.array([[1, 2], [3, 4]], dtype=np.float32))
    show("array bool", np.array([True, False, True]))

    m = np.arange(12).reshape(3, 4)
    show("reshape", m)
    show("transpose", m.T)
    show("astype", m.T.astype(np.float64))
    c = m.copy()
    c[0, 0] = 100
    print("copy is separate:", m[0, 0], c[0, 0])

    x = np.zeros(10, dtype=np.int64)
    add_index[2, 8](x)
    show("kernel int64", x)
    y = np.full(5, 0.5, dtype=np.float32)
    d = cuda.to_device(y)
    add_index[1, 32](d)
    show("kernel float32", d.copy_to_host())
    # Empty displays: np.array([]) is float64 unless dtype= says; np.array([[]]) is (1, 0).
    show("empty", np.array([]))
    show("empty int32", np.array([], dtype=np.int32))
    show("empty 2-D", np.array([[]]))
    # np.append: a growing 1-D array from an empty one, a list appended, a 2-D array flattened.
    acc = np.array([])
    for k in range(3):
        acc = np.append(acc, k * 0.5)
    show("appended", acc)
    show("appended ints", np.append(np.arange(3), [7, 8]))
    show("appended 2-D", np.append(np.ones((2, 2)), np.zeros(3)))
    show("appended float32", np.append(np.arange(2, dtype=np.float32), 1.5))
