# oracle: whole-program (np.ndenumerate and np.ndindex in host for loops: 1-D, 2-D and 3-D arrays, a strided view, index tuples bound whole and unpacked, np.ndindex of ints, of a tuple and of a.shape, negative extents)
"""Walking a kernel's output cell by cell on the host, as course programs check results."""
import numpy as np
from numba import cuda


@cuda.jit
def fill(grid):
    r, c = cuda.grid(2)
    if r < grid.shape[0] and c < grid.shape[1]:
        grid[r, c] = (r * 7 + c * 3) % 5


def main():
    grid = np.zeros((3, 4), dtype=np.int32)
    fill[(1, 1), (4, 4)](grid)
    hot = []
    for (r, c), v in np.ndenumerate(grid):
        if v == 4:
            hot.append((r, c))
    print("hot cells:", hot)
    total = 0
    for idx, v in np.ndenumerate(grid[:, ::2]):
        total += v * (idx[0] + 1) * (idx[1] + 1)
    print("weighted:", total)
    cube = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    for (i, j, k), v in np.ndenumerate(cube):
        if (i + j + k) % 5 == 0:
            print(i, j, k, v)
    for i, v in np.ndenumerate(np.array([3, 1, 2])):
        print(i, v)
    count = 0
    for i, j in np.ndindex(2, 3):
        count += i * 10 + j
    print("ndindex ints:", count)
    for idx in np.ndindex(grid.shape):
        if grid[idx] == 0:
            print("zero at", idx)
    for (k,) in np.ndindex((3,)):
        print("k", k)
    rows, cols = -2, -3
    try:
        for idx in np.ndindex(rows, cols):
            print("never", idx)
    except ValueError as e:
        print("ValueError:", e)


if __name__ == "__main__":
    main()
