"""Gaussian probability density evaluated at many points.

Course: "Introduction to CUDA Python with Numba", Making ufuncs for the GPU. The course writes
`gaussian_pdf` as a CUDA ufunc (@vectorize(['float32(float32, float32, float32)'],
target='cuda')); this is the equivalent @cuda.jit kernel: one thread per element, the scalar
mean and sigma passed as float32 kernel arguments.

SQRT_2PI is a module-level constant computed on the host when the module loads; Numba freezes
its value into the kernel when it compiles it.
"""
import math

import numpy as np
from numba import cuda

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)  # Precompute this constant as a float32.


@cuda.jit
def gaussian_pdf(x, mean, sigma, out):
    """Compute the value of a Gaussian probability density function at x with given mean and sigma."""
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.exp(-0.5 * ((x[i] - mean) / sigma) ** 2) / (sigma * SQRT_2PI)


if __name__ == "__main__":
    n = 601  # -3.00, -2.99, ..., 3.00: x[300] is exactly 0
    threads_per_block = 256
    blocks = (n + threads_per_block - 1) // threads_per_block

    x = np.linspace(-3.0, 3.0, n, dtype=np.float32)
    x_device = cuda.to_device(x)
    out_device = cuda.device_array(n, dtype=np.float32)

    # The standard normal distribution.
    gaussian_pdf[blocks, threads_per_block](x_device, np.float32(0.0), np.float32(1.0), out_device)
    out = out_device.copy_to_host()
    print("mean=0.0 sigma=1.0")
    for i in [0, 100, 250, 300, 450, n - 1]:
        print(f"  pdf({x[i]:.2f}) = {out[i]:.5f}")

    # A narrower distribution centred at 1.5, reusing the device input.
    gaussian_pdf[blocks, threads_per_block](x_device, np.float32(1.5), np.float32(0.5), out_device)
    out = out_device.copy_to_host()
    print("mean=1.5 sigma=0.5")
    for i in [0, 100, 250, 300, 450, n - 1]:
        print(f"  pdf({x[i]:.2f}) = {out[i]:.5f}")

    # The density integrates to ~1 over [-3, 3] (trapezoid rule, step 0.01).
    area = 0.0
    for i in range(n - 1):
        area += 0.5 * (float(out[i]) + float(out[i + 1])) * 0.01
    print(f"area = {area:.4f}")
