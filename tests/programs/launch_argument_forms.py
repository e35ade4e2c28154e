"""Launch configurations and arguments as tutorials write them: a configuration held in a tuple
(`cfg = (blocks, threads)`, `kernel[cfg](...)`, a module constant, one with a stream and a
dynamic shared memory size), `cuda.In`/`cuda.Out`/`cuda.InOut` around host arrays (copied to
the device only, back only, or both); ufunc signatures and a gufunc layout named by module
variables (`@vectorize(SIGNATURES, target="cuda")`) rather than written in the decorator; a list
of arrays spread into a launch (`saxpy[1, 8](2.0, *operands)`)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, float32, float64, guvectorize, vectorize

CONFIG = (2, 4)
SIGNATURES = [float32(float32, float32), float64(float64, float64)]
ROW_SIGNATURES = ["void(float64[:], float64[:])"]
LAYOUT = "(n)->()"


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def bump(values):
    i = cuda.grid(1)
    if i < values.size:
        values[i] += 1


@vectorize(SIGNATURES, target="cuda")
def add(a, b):
    return a + b


@guvectorize(ROW_SIGNATURES, LAYOUT, target="cuda")
def row_max(row, out):
    best = row[0]
    for v in row:
        best = max(best, v)
    out[0] = best


def launch_config(n, threads=4):
    return ((n + threads - 1) // threads, threads)


x = np.arange(6.0)
y = np.ones(6)
out = np.full(6, -1.0)
saxpy[2, 4](2.0, cuda.In(x), cuda.In(y), cuda.Out(out))
print("In/Out", out)
counts = np.arange(5)
bump[CONFIG](cuda.InOut(counts))
print("InOut", counts)
source = np.zeros(3)
bump[1, 4](cuda.In(source))
print("In is not copied back", source)
cfg = launch_config(counts.size)
bump[cfg](counts)
print("cfg", cfg, counts)
stream = cuda.stream()
d_counts = cuda.to_device(counts, stream=stream)
full = (1, 8, stream, 0)
bump[full](d_counts)
stream.synchronize()
print("stream", d_counts.copy_to_host())
print("add", add(np.arange(3, dtype=np.float32), np.ones(3, dtype=np.float32)), add(np.arange(3.0), np.full(3, 0.5)))
print("row_max", row_max(np.array([[1.0, 5.0, 2.0], [-1.0, -3.0, -2.0]])))
operands = [np.arange(4.0), np.ones(4), np.zeros(4)]
saxpy[1, 8](2.0, *operands)
print("starred list", operands[2])
