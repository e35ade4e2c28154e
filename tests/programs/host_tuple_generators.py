# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# A 2-D launch whose grid is computed as course notebooks write it: tuple() of a generator over
# zip(a.shape, threads), and over enumerate(a.shape) with math.ceil; tuple() of a generator over
# a tuple variable and of a list comprehension over a shape.
import math
import numpy as np
from numba import cuda

@cuda.jit
def fill(a):
    r, c = cuda.grid(2)
    if r < a.shape[0] and c < a.shape[1]:
        a[r, c] = r * 100 + c

def main():
    a = np.zeros((20, 30), dtype=np.int32)
    threads = (8, 16)
    blocks = tuple((s + t - 1) // t for s, t in zip(a.shape, threads))
    print(blocks)
    fill[blocks, threads](a)
    print(a[19, 29], a[7, 3])
    grid = tuple(math.ceil(n / threads[i]) for i, n in enumerate(a.shape))
    print(grid, tuple(2 * d for d in threads), tuple([d - 1 for d in a.shape]))
    fill[grid, threads](a)
    print(a.sum())

main()
