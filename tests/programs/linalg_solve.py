# oracle: whole-program (NumPy's np.linalg.solve/inv/det around a residual kernel)
import numpy as np
from numba import cuda


@cuda.jit
def residual(a, x, b, r):
    i = cuda.grid(1)
    if i < r.shape[0]:
        s = 0.0
        for k in range(a.shape[1]):
            s += a[i, k] * x[k]
        r[i] = s - b[i]


def main():
    a = np.array([[4.0, -2.0, 1.0], [-2.0, 4.0, -2.0], [1.0, -2.0, 4.0]])
    b = np.array([11.0, -16.0, 17.0])
    x = np.linalg.solve(a, b)
    print(x)
    r = np.zeros(3)
    residual[1, 32](a, x, b, r)
    print(np.abs(r).max() < 1e-12)
    print(np.linalg.det(a))
    print(np.linalg.det(np.array([[1.0, 2.0], [3.0, 4.0]])))
    print(np.linalg.det(np.array([[1, 2], [2, 4]])))
    print(np.linalg.inv(a))
    print(np.linalg.inv(np.array([[1.0, 2.0], [3.0, 4.0]])))
    m = np.array([[2.0, 1.0, 0.0, 3.0], [1.0, -1.0, 2.0, 0.5], [0.0, 3.0, 1.0, 1.0], [5.0, 0.0, 1.0, 2.0]])
    print(repr(np.linalg.solve(m, np.arange(4.0))))
    print(np.linalg.solve(m, np.eye(4)[:, :2]))
    print(np.linalg.det(m))
    f = m.astype(np.float32)
    xf = np.linalg.solve(f, np.ones(4, dtype=np.float32))
    print(xf, xf.dtype, np.linalg.det(f), type(np.linalg.det(f)).__name__)
    print(np.linalg.inv(f).dtype, np.linalg.solve(f, np.ones(4)).dtype)
    print(np.linalg.inv(np.array([[2, 0], [0, 4]])))
    print(np.allclose(m @ np.linalg.inv(m), np.eye(4)))
    try:
        np.linalg.inv(np.array([[1.0, 2.0], [2.0, 4.0]]))
    except np.linalg.LinAlgError as e:
        print("LinAlgError:", e)
    try:
        np.linalg.solve(np.ones((2, 3)), np.ones(2))
    except np.linalg.LinAlgError as e:
        print("LinAlgError:", e)
    try:
        np.linalg.solve(a, np.ones(2))
    except ValueError as e:
        print("ValueError:", e)


if __name__ == "__main__":
    main()
