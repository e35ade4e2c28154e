"""A pulse train plus noise, computed by two kernels without a round trip to the host.

Course: "Introduction to CUDA Python with Numba", Exercise: Optimize Memory Movement. The course
writes `make_pulses` and `add_ufunc` as CUDA ufuncs (@vectorize(..., target='cuda')); these are
the equivalent @cuda.jit kernels. As in the exercise's solution, the inputs are copied to the
device once, the pulses stay on the device between the two launches, and only the final waveform
is copied back.
"""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float32, float32, float32[:])")
def make_pulses(i, period, amplitude, out):
    k = cuda.grid(1)
    if k < out.size:
        out[k] = max(math.sin(i[k] / period) - 0.3, 0.0) * amplitude


@cuda.jit("void(float32[:], float32[:], float32[:])")
def add(x, y, out):
    k = cuda.grid(1)
    if k < out.size:
        out[k] = x[k] + y[k]


if __name__ == "__main__":
    n = 3000
    threads_per_block = 256
    blocks = (n + threads_per_block - 1) // threads_per_block

    t = np.arange(n, dtype=np.float32)
    period = n / 23
    # A deterministic stand-in for the course's Gaussian noise: multiples of 0.1 in [-3, 3].
    noise = ((np.arange(n, dtype=np.int32) * 7919) % 61 - 30).astype(np.float32) / 10

    t_device = cuda.to_device(t)
    noise_device = cuda.to_device(noise)
    pulses_device = cuda.device_array(n, dtype=np.float32)
    waveform_device = cuda.device_array(n, dtype=np.float32)

    make_pulses[blocks, threads_per_block](t_device, period, 100.0, pulses_device)
    add[blocks, threads_per_block](pulses_device, noise_device, waveform_device)
    waveform = waveform_device.copy_to_host()

    for k in [0, 1, 50, 100, 150, 200, 1000, n - 1]:
        print(f"waveform[{k}] = {waveform[k]:.3f}")
    above = 0
    total = 0.0
    for k in range(n):
        if waveform[k] > 3.5:
            above += 1
        total += float(waveform[k])
    print(f"samples above the noise = {above}")
    print(f"sum = {total:.0f}")
