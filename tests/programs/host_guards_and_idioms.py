# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# What scripts test before they launch: a flag left by a failed optional import, an array's
# ndim, dtype and dtype.kind in a function specialised per argument; and the idioms around
# them (a NumPy scalar's astype, zip(*rows), np.testing.assert_equal of shapes, a class-level
# array a kernel fills).
import numpy as np
from numba import cuda

try:
    import matplotlib.pyplot as plt
    HAVE_PLT = True
except ImportError:
    HAVE_PLT = False
VERBOSE = False


@cuda.jit
def row_sums(m, out):
    i = cuda.grid(1)
    if i < m.shape[0]:
        s = 0.0
        for j in range(m.shape[1]):
            s += m[i, j]
        out[i] = s


@cuda.jit
def fill(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v


def sums_of_rows(m):
    if m.ndim != 2:
        raise ValueError("need a 2-D array, got %d-D" % m.ndim)
    if m.dtype.kind != "f":
        m = m.astype(np.float64)
    out = np.zeros(m.shape[0], dtype=m.dtype)
    threads = 32
    blocks = np.ceil(m.shape[0] / threads).astype(int)
    row_sums[blocks, threads](m, out)
    return out


def as_single(a):
    if a.dtype != np.float32:
        a = a.astype(np.float32)
    return a


class Grid:
    cells = np.zeros(3)

    def update(self, v):
        fill[1, 4](self.cells, v)


def report(values):
    if HAVE_PLT:
        plt.plot(values)
        plt.savefig("sums.png")
    if not VERBOSE:
        print("sums:", values)
    else:
        print("all values:", values, undefined_name)


def main():
    report(sums_of_rows(np.arange(6).reshape(3, 2)))
    report(sums_of_rows(np.ones((2, 3), dtype=np.float32)))
    try:
        sums_of_rows(np.ones(4))
    except ValueError as e:
        print("error:", e)
    print(as_single(np.arange(3)).dtype, as_single(np.ones(2, dtype=np.float32)).dtype)
    x = np.asarray([1, 2], dtype=np.float32)
    print(x.dtype.kind, x.dtype.itemsize, np.float64(2.7).astype(np.int32))
    total = np.zeros(1)
    fill[1, 1](total, 45.0)
    print(total.item(), np.arange(1).item(), type(total.item()).__name__)
    try:
        np.arange(3).item()
    except ValueError as e:
        print("error:", e)

    pairs = [(1, 0.5), (2, 1.5), (3, 2.5)]
    ids, vals = zip(*pairs)
    print(ids, vals)
    rows = [[1, 2, 3], [4, 5, 6]]
    print(list(zip(*rows)))
    for a, b in zip(*rows):
        print(a, b)

    out = sums_of_rows(np.ones((5, 2)))
    np.testing.assert_equal(out.shape, (5,))
    np.testing.assert_equal(len(out), 5)
    np.testing.assert_equal(out, np.full(5, 2.0))
    for got, want in [((5, 2), (5, 3)), ((5,), (5, 1))]:
        try:
            np.testing.assert_equal(got, want)
        except AssertionError as e:
            print("caught", repr(str(e)))
    try:
        np.testing.assert_equal(0.0, -0.0, err_msg="zeros")
    except AssertionError as e:
        print(e)
    try:
        np.testing.assert_allclose(np.array([1.0, 2 / 3]), np.array([1.0, 0.6]))
    except AssertionError as e:
        print(e)
    try:
        np.testing.assert_array_equal(np.arange(12.0).reshape(6, 2) / 7, np.zeros((6, 2)))
    except AssertionError as e:
        print(e)

    g = Grid()
    g.update(6.0)
    print(g.cells, Grid.cells)
    if HAVE_PLT:
        plt.show()
    else:
        print("no plot")


main()
