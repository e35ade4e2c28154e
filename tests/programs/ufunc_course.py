"""The course's CUDA ufuncs, as the course writes them: add_ufunc, gaussian_pdf (math.exp and the
module constant SQRT_2PI), zero_suppress, make_pulses, and the CPU @vectorize of the course's first
example. Host arrays, device arrays, scalars, broadcasting and out= device arrays.

NAME.expected: numba-cuda's simulator cannot run CUDA ufuncs, so the expected output comes from
the same file run with every @vectorize(..., target='cuda') decorator replaced by Numba's CPU
target (`tests/programs/tools/ufunc_cpu_oracle.py`).
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math

import numpy as np
from numba import cuda, vectorize

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)  # Precompute this constant as a float32.


@vectorize(['int64(int64, int64)', 'float32(float32, float32)'], target='cuda')
def add_ufunc(x, y):
    return x + y


@vectorize(['float32(float32, float32, float32)'], target='cuda')
def gaussian_pdf(x, mean, sigma):
    '''Compute the value of a Gaussian probability density function at x with given mean and sigma.'''
    return math.exp(-0.5 * ((x - mean) / sigma)**2) / (sigma * SQRT_2PI)


@vectorize(['float32(float32, float32)'], target='cuda')
def zero_suppress(waveform_value, threshold):
    if waveform_value < threshold:
        result = 0
    else:
        result = waveform_value
    return result


@vectorize(['float32(float32, float32, float32)'], target='cuda')
def make_pulses(i, period, amplitude):
    return max(math.sin(i / period) - 0.3, 0.0) * amplitude


@vectorize
def add_ten(num):
    return num + 10


if __name__ == "__main__":
    a = np.array([1, 2, 3, 4])
    b = np.array([10, 20, 30, 40])
    print(add_ufunc(a, b))
    print(add_ufunc(b, 100))
    matrix = np.arange(12).reshape(3, 4)
    print(add_ufunc(matrix, a))

    x = np.linspace(-3.0, 3.0, 7, dtype=np.float32)
    print(gaussian_pdf(x, 0.0, 1.0))
    print(gaussian_pdf(x, np.float32(1.0), np.float32(0.5)))

    waveform = (np.arange(10, dtype=np.float32) * np.float32(4.0)) - np.float32(8.0)
    print(zero_suppress(waveform, 15.0))

    n = 20
    t = np.arange(n, dtype=np.float32)
    noise = np.linspace(-1.0, 1.0, n).astype(np.float32)
    t_device = cuda.to_device(t)
    noise_device = cuda.to_device(noise)
    out_device = cuda.device_array(shape=(n,), dtype=np.float32)
    period = n / 5
    make_pulses(t_device, period, 100.0, out=out_device)
    add_ufunc(out_device, noise_device, out=out_device)
    waveform = out_device.copy_to_host()
    print(waveform)
    on_device = add_ufunc(t_device, noise_device)
    print(on_device.shape, on_device.dtype)
    print(on_device.copy_to_host()[:4])

    print(add_ten(np.arange(10)))
