# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""A parameter sweep with itertools.product: block sizes against problem sizes launching a kernel,
a product of ranges and a str with continue, from `import itertools` and `from itertools import
product`. The product is nested loops, the last iterable varying fastest."""
import itertools
from itertools import product
import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


sizes = [100, 1000]
for block, n in itertools.product([32, 128], sizes):
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    out = np.zeros_like(x)
    blocks = (n + block - 1) // block
    saxpy[blocks, block](np.float32(2.0), x, y, out)
    print(block, n, blocks, out[-1], np.allclose(out, 2 * x + y))
for i, j, c in product(range(2), range(3), "ab"):
    if (i + j) % 2:
        continue
    print(i, j, c, end="; ")
print()
