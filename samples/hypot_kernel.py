"""Hypotenuse of many (x, y) pairs: a scalar device function called from a kernel.

Course: "Introduction to CUDA Python with Numba", First Steps. The course compiles `hypot` for the
CPU with @jit; here the same function is a CUDA device function and a kernel applies it to one
pair per thread.
"""
import math

import numpy as np
from numba import cuda


@cuda.jit("float32(float32, float32)", device=True)
def hypot(x, y):
    # Implementation from https://en.wikipedia.org/wiki/Hypot: dividing by the larger magnitude
    # keeps x*x + y*y from overflowing float32 when the inputs are large.
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)


@cuda.jit
def hypot_kernel(xs, ys, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = hypot(xs[i], ys[i])


if __name__ == "__main__":
    n = 1000  # not a multiple of the block size: the last block has idle threads
    threads_per_block = 128
    blocks = (n + threads_per_block - 1) // threads_per_block

    xs = np.linspace(-20.0, 20.0, n, dtype=np.float32)
    ys = np.linspace(0.5, 8.0, n, dtype=np.float32)
    # Edge values: an exact triple, negative inputs, magnitudes whose squares overflow float32,
    # an infinity, and (0, 0), where this formula divides 0 by 0 and returns nan.
    xs[0] = 3.0
    ys[0] = 4.0
    xs[1] = -6.0
    ys[1] = -8.0
    xs[2] = 3.0e30
    ys[2] = 4.0e30
    xs[3] = np.inf
    ys[3] = 1.0
    xs[4] = 0.0
    ys[4] = 0.0
    edges = 5

    xs_device = cuda.to_device(xs)
    ys_device = cuda.to_device(ys)
    out_device = cuda.device_array(n, dtype=np.float32)
    hypot_kernel[blocks, threads_per_block](xs_device, ys_device, out_device)
    out = out_device.copy_to_host()

    for i in range(edges):
        print(f"hypot({xs[i]:.1e}, {ys[i]:.1e}) = {out[i]:.5e}")
    for i in [edges, n // 2, n - 1]:
        print(f"hypot({xs[i]:.4f}, {ys[i]:.4f}) = {out[i]:.4f}")
    checksum = 0.0
    for i in range(edges, n):
        checksum += float(out[i])
    print(f"checksum of out[{edges}:] = {checksum:.1f}")
