"""Jacobi iterations on the GPU for a diagonally dominant system, checked with np.linalg.solve;
then a singular system ends the program with NumPy's LinAlgError."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def jacobi_step(a, b, x, x_new):
    i = cuda.grid(1)
    n = b.size
    if i < n:
        s = 0.0
        for j in range(n):
            if j != i:
                s += a[i, j] * x[j]
        x_new[i] = (b[i] - s) / a[i, i]


def jacobi(a, b, iters):
    d_a = cuda.to_device(a)
    d_b = cuda.to_device(b)
    x = cuda.to_device(np.zeros_like(b))
    x_new = cuda.device_array_like(b)
    for _ in range(iters):
        jacobi_step[1, 32](d_a, d_b, x, x_new)
        x, x_new = x_new, x
    return x.copy_to_host()


def main():
    n = 5
    a = np.eye(n) * 10.0 + np.ones((n, n))
    b = np.arange(1.0, n + 1.0)
    x = jacobi(a, b, 60)
    exact = np.linalg.solve(a, b)
    print(np.round(x, 8))
    print("agree:", np.allclose(x, exact), "residual:", float(np.abs(a @ x - b).max()) < 1e-10)
    print("det:", round(np.linalg.det(a), 6), "inv[0]:", np.round(np.linalg.inv(a)[0], 5))
    try:
        np.linalg.inv(np.ones((3, 3)))
    except np.linalg.LinAlgError as e:
        print("caught:", type(e).__name__, e)
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    print("solving singular system...")
    print(np.linalg.solve(singular, np.array([1.0, 2.0])))


main()
