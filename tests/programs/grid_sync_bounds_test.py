"""A cooperative kernel whose threads past the end return before the grid-wide barrier, as
numba-cuda's Laplace (heat equation) and sessionize documentation examples write it:
`if i >= n: return`, then `grid.sync()` in a time-step loop. On a GPU the returned threads count
as arrived at the block's barrier, and thread 0 of each block takes it through the grid's. (One
block: Numba's simulator does not synchronise blocks at grid.sync(); the emulation's unit tests
cover several.) The kernel picks its buffers with `data, next_data = buf_0, buf_1`, names bound
to arrays from a display, and a second kernel swaps two such names (`x, y = y, x`)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def heat_steps(buf_0, buf_1, timesteps, k):
    i = cuda.grid(1)
    if i >= len(buf_0):
        return
    grid = cuda.cg.this_grid()
    for step in range(timesteps):
        if step % 2 == 0:
            data, next_data = buf_0, buf_1
        else:
            data, next_data = buf_1, buf_0
        current = data[i]
        if i == 0:
            next_value = current + k * (data[i + 1] - 2 * current)
        elif i == len(data) - 1:
            next_value = current + k * (data[i - 1] - 2 * current)
        else:
            next_value = current + k * (data[i - 1] - 2 * current + data[i + 1])
        next_data[i] = next_value
        grid.sync()


@cuda.jit
def swapped_difference(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        x, y = a, b
        x, y = y, x
        out[i] = x[i] - y[i]


size = 101
data = np.zeros(size, dtype=np.float32)
data[size // 2] = 10000.0
buf_0 = cuda.to_device(data)
buf_1 = cuda.device_array_like(buf_0)
threads = 128
blocks = (size + threads - 1) // threads
heat_steps[blocks, threads](buf_0, buf_1, 200, 0.25)
result = buf_0.copy_to_host()
np.set_printoptions(precision=3, suppress=True)
print(result[40:61])
print("total heat", round(float(result.sum()), 1))
d = np.zeros(4)
swapped_difference[1, 4](np.arange(4.0), np.full(4, 10.0), d)
print(d)
