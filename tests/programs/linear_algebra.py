"""A naive matrix multiply kernel checked against np.dot and @, with NumPy's comparisons."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def matmul(a, b, c):
    i, j = cuda.grid(2)
    if i < c.shape[0] and j < c.shape[1]:
        acc = 0.0
        for k in range(a.shape[1]):
            acc += a[i, k] * b[k, j]
        c[i, j] = acc


if __name__ == "__main__":
    a = np.arange(12, dtype=np.float64).reshape(3, 4) / 4
    b = np.arange(8, dtype=np.float64).reshape(4, 2) - 3
    c = np.zeros((3, 2))
    matmul[(1, 1), (4, 4)](a, b, c)
    print(c)
    print("np.dot:", np.dot(a, b))
    print("a @ b:", a @ b)
    print("allclose:", np.allclose(c, a @ b), "array_equal:", np.array_equal(c, np.dot(a, b)))
    v = np.array([1.0, 2.0, 3.0, 4.0])
    print("matrix @ vector:", a @ v, "dot of vectors:", np.dot(v, v))
    print("isclose:", np.isclose(np.array([1.0, 2.0, 3.0]), np.array([1.0 + 1e-9, 2.1, 3.0])))
    print("allclose tol:", np.allclose(np.array([1.0, 2.0]), np.array([1.001, 2.0])),
          np.allclose(np.array([1.0, 2.0]), np.array([1.001, 2.0]), rtol=1e-2))

    ai = np.arange(6, dtype=np.int64).reshape(2, 3)
    bi = np.ones((3, 2), dtype=np.int64)
    ci = np.zeros((2, 2), dtype=np.int64)
    matmul[(1, 1), (2, 2)](ai, bi, ci)
    print("int result:", ci, ci.dtype)
    print("int @:", ai @ bi)

    np.testing.assert_allclose(c, a @ b)
    np.testing.assert_allclose(c, a @ b, rtol=1e-12)
    np.testing.assert_almost_equal(c[0, 0], np.dot(a[0], b[:, 0]))
    np.testing.assert_almost_equal(c, np.dot(a, b), decimal=10)
    np.testing.assert_array_equal(ci, ai @ bi)
    print("all checks passed")
    # Lists where NumPy takes arrays: the array NumPy makes of each.
    print(np.allclose(ci[0, :2].astype(np.float64), [float(ci[0, 0]), float(ci[0, 1])]),
          np.isclose(np.array([1.0, 2.0]), [1.0, 2.5]), np.array_equal(np.arange(3), [0, 1, 2]))
    np.testing.assert_allclose(np.array([2.0, 4.0]), [2.0, 4.0])
    np.testing.assert_array_equal(np.arange(3), [0, 1, 2])
    print("list checks passed")
    # A row vector times a matrix: 1-D @ 2-D (and np.dot of them), a 1-D result.
    row = np.arange(3.0)
    cols = np.arange(6.0).reshape(3, 2)
    print(row @ cols, np.dot(row, cols), (row.astype(np.float32) @ cols.astype(np.float32)).dtype)
