"""SAXPY (out = a*x + y) with a grid-stride loop.

Course: "Custom CUDA Kernels in Python with Numba", Grid Stride Loops. Each thread starts at its
global index, cuda.grid(1), and advances by the total number of threads in the grid,
cuda.gridsize(1), so any grid size covers any array size. The program launches the same kernel
with a grid much smaller than the array (each thread handles ~20 elements) and with one larger
than the array (some threads do nothing).

The inputs are chosen so that every a*x[i] + y[i] is exact in float32: a GPU fuses the multiply and
the add into one FMA, and exact values make the printed output the same with or without fusion.
"""
import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = a * x[i] + y[i]


if __name__ == "__main__":
    n = 5000
    x = np.arange(n, dtype=np.float32)
    y = np.linspace(0.0, 1249.75, n, dtype=np.float32)  # multiples of 0.25
    x_device = cuda.to_device(x)
    y_device = cuda.to_device(y)
    out_device = cuda.device_array(n, dtype=np.float32)

    # 4 blocks of 64 threads: 256 threads for 5000 elements.
    saxpy[4, 64](np.float32(2.5), x_device, y_device, out_device)
    out = out_device.copy_to_host()
    total = 0.0
    for i in range(n):
        total += float(out[i])
    print(f"small grid: out[0] = {out[0]:.2f}, out[255] = {out[255]:.2f}, out[256] = {out[256]:.2f}, "
          f"out[{n - 1}] = {out[n - 1]:.2f}, sum = {total:.2f}")

    # 40 blocks of 128 threads: 5120 threads, 120 of them idle.
    out_device = cuda.device_array(n, dtype=np.float32)
    saxpy[40, 128](np.float32(-1.0), x_device, y_device, out_device)
    out = out_device.copy_to_host()
    total = 0.0
    for i in range(n):
        total += float(out[i])
    print(f"large grid: out[0] = {out[0]:.2f}, out[255] = {out[255]:.2f}, out[256] = {out[256]:.2f}, "
          f"out[{n - 1}] = {out[n - 1]:.2f}, sum = {total:.2f}")
