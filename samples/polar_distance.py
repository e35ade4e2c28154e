"""Distance between pairs of points given in polar coordinates.

Course: "Introduction to CUDA Python with Numba", CUDA Device Functions. `polar_to_cartesian` is
the course's device function: it has no signature, so Numba compiles it for the argument types of
each call site, and it returns a tuple that the caller unpacks. The course calls it from a CUDA
ufunc (@vectorize(['float32(float32, float32, float32, float32)'], target='cuda')); here the
caller is the equivalent @cuda.jit kernel, one thread per pair of points.
"""
import math

import numpy as np
from numba import cuda


@cuda.jit(device=True)
def polar_to_cartesian(rho, theta):
    x = rho * math.cos(theta)
    y = rho * math.sin(theta)
    return x, y


@cuda.jit
def polar_distance(rho1, theta1, rho2, theta2, out):
    i = cuda.grid(1)
    if i < out.size:
        x1, y1 = polar_to_cartesian(rho1[i], theta1[i])  # We can use device functions inside our GPU kernels
        x2, y2 = polar_to_cartesian(rho2[i], theta2[i])
        out[i] = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


if __name__ == "__main__":
    n = 500
    threads_per_block = 64
    blocks = (n + threads_per_block - 1) // threads_per_block

    rho1 = np.linspace(0.5, 1.5, n, dtype=np.float32)
    theta1 = np.linspace(-np.pi, np.pi, n, dtype=np.float32)
    rho2 = np.linspace(1.5, 0.5, n, dtype=np.float32)
    theta2 = np.linspace(0.0, 2.0, n, dtype=np.float32)
    # Edge cases: the same point twice (distance 0), and two unit vectors pointing in opposite
    # directions (distance 2).
    rho2[0] = rho1[0]
    theta2[0] = theta1[0]
    rho1[1] = 1.0
    theta1[1] = 0.0
    rho2[1] = 1.0
    theta2[1] = np.pi

    rho1_device = cuda.to_device(rho1)
    theta1_device = cuda.to_device(theta1)
    rho2_device = cuda.to_device(rho2)
    theta2_device = cuda.to_device(theta2)
    out_device = cuda.device_array(n, dtype=np.float32)
    polar_distance[blocks, threads_per_block](rho1_device, theta1_device, rho2_device, theta2_device,
                                              out_device)
    out = out_device.copy_to_host()

    for i in [0, 1, 2, 125, 250, 375, n - 1]:
        print(f"d(({rho1[i]:.3f}, {theta1[i]:.3f}), ({rho2[i]:.3f}, {theta2[i]:.3f})) = {out[i]:.5f}")
    total = 0.0
    for i in range(n):
        total += float(out[i])
    print(f"mean distance = {total / n:.4f}")
