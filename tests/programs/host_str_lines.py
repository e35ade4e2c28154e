# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_str_lines.py)
# str methods that parse a text pattern into kernel input and format its report: splitlines
# (\n, \r\n, \r, a final break, keepends=True), rsplit with and without a separator and
# maxsplit, partition / rpartition (found and not), removeprefix / removesuffix, and join of a
# str's characters.
import numpy as np
from numba import cuda


@cuda.jit
def count_live(grid, counts):
    r = cuda.grid(1)
    if r < grid.shape[0]:
        n = 0
        for c in range(grid.shape[1]):
            n += grid[r, c]
        counts[r] = n


PATTERN = """
.O..
..O.
OOO.
....
"""
rows = PATTERN.strip().splitlines()
grid = np.array([[1 if ch == "O" else 0 for ch in row] for row in rows], dtype=np.int32)
counts = np.zeros(len(rows), dtype=np.int32)
count_live[1, 32](grid, counts)
print(rows, counts)
print("a\r\nb\rc\n".splitlines(), "a\nb\n".splitlines(keepends=True), "".splitlines(), "x\n\ny".splitlines(True))

path = "runs/2026/blur_k3.npy"
print(path.rsplit("/", 1), path.rsplit("/"), "  a b  c ".rsplit(None, 1), "a b c".rsplit(maxsplit=1))
stem, dot, ext = path.rpartition(".")
head, sep, tail = path.partition("/")
print(stem, dot, ext, "|", head, sep, tail, "|", "noslash".partition("/"), "noslash".rpartition("/"))
name = tail.removeprefix("2026/").removesuffix(".npy")
print(name, "kernel_k3".removeprefix("blur"), "-".join("GPU"), " ".join(str(int(c)) for c in counts))
