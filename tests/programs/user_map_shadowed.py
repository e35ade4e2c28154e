"""A program that defines its own function named `map` (a coordinate map applied to grid points)
and calls it: Python calls the program's function, not the builtin. A kernel fills the grid."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def fill_grid(grid):
    i, j = cuda.grid(2)
    if i < grid.shape[0] and j < grid.shape[1]:
        grid[i, j] = i * 10 + j


def map(points, shift):
    # the program's own map: shift every point
    return [(x + shift, y - shift) for x, y in points]


grid = np.zeros((3, 4), dtype=np.int64)
fill_grid[(1, 1), (4, 4)](grid)
print(grid)
points = [(0, 0), (1, 2), (2, 3)]
moved = map(points, 1)
print(moved)
print([int(grid[x % 3, y % 4]) for x, y in moved])
