# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def fill(m):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] = i * 10 + j


def main():
    m = np.zeros((4, 5), dtype=np.int64)
    fill[(1, 1), (8, 8)](m)
    rows = np.array([0, 2, 3])
    cols = np.array([1, 4, 0])
    print(m[rows, cols])
    print(m[[1, 3], [2, 2]])
    print(m[rows, -1 - cols])
    diag = np.arange(4)
    print(m[diag, diag])
    m[diag, diag] = -1
    print(m)
    m[rows, cols] = np.array([100, 200, 300])
    print(m)
    grid_r = np.array([[0, 0], [3, 3]])
    grid_c = np.array([[0, 4], [0, 4]])
    print(m[grid_r, grid_c])
    a = np.linspace(-1.0, 1.0, 9)
    idx = np.array([8, 0, 4])
    print(a[idx], a[a > 0.3])
    a[a < 0] = 0.0
    a[idx] += 10
    print(a)
    cube = np.arange(24).reshape(2, 3, 4)
    print(cube[np.array([1, 0]), np.array([2, 1]), np.array([3, 0])])
    try:
        print(m[np.array([0, 9]), np.array([1, 1])])
    except IndexError as e:
        print("IndexError:", e)


main()
