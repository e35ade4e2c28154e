"""Conway's game of life on a torus: a 2-D kernel, double buffering, a glider found with np.argwhere."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def live_neighbours(board, i, j):
    n, m = board.shape
    count = 0
    for di in range(-1, 2):
        for dj in range(-1, 2):
            if di != 0 or dj != 0:
                count += board[(i + di) % n, (j + dj) % m]
    return count


@cuda.jit
def step(board, out):
    i, j = cuda.grid(2)
    if i < board.shape[0] and j < board.shape[1]:
        k = live_neighbours(board, i, j)
        alive = board[i, j] == 1
        out[i, j] = 1 if (alive and (k == 2 or k == 3)) or (not alive and k == 3) else 0


def show(board):
    for row in board:
        print("".join("#" if v else "." for v in row))


def main():
    n = 8
    board = np.zeros((n, n), dtype=np.uint8)
    board[0, 1] = board[1, 2] = board[2, 0] = board[2, 1] = board[2, 2] = 1
    rows, cols = np.ogrid[0:n, 0:n]
    ring = ((rows - 5) ** 2 + (cols - 5) ** 2 == 1)
    print(ring.astype(np.int32).sum(), ring.shape, rows.shape, cols.shape)
    a = cuda.to_device(board)
    b = cuda.device_array_like(board)
    show(board)
    for gen in range(1, 5):
        step[(1, 1), (n, n)](a, b)
        a, b = b, a
        cur = a.copy_to_host()
        print(f"gen {gen}: alive={int(cur.sum())} cells={np.argwhere(cur)[:2].tolist()}")
    show(cur)
    r, c = np.unravel_index(np.flatnonzero(cur), cur.shape)
    print("bounding box:", (r.min(), c.min()), (r.max(), c.max()))
    print("same shape as start:", np.array_equal(np.roll(np.roll(board, 1, axis=0), 1, axis=1), cur))


main()
