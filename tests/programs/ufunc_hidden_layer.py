"""The hidden layer of the course's first assessment: normalize, weigh and activate as chained
CUDA ufuncs on device arrays, each writing into a device array through out=; checked against the
NumPy version on the CPU. Also the L2-norm gufunc of the course, '(n)->()'.

NAME.expected: numba-cuda's simulator cannot run CUDA ufuncs or gufuncs, so the expected output
comes from this file run with Numba's CPU target for every target='cuda' decorator
(`tests/programs/tools/ufunc_cpu_oracle.py`).
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math

import numpy as np
from numba import cuda, vectorize, guvectorize
from math import exp

n = 1000
greyscales = np.floor(np.linspace(0, 255, n).astype(np.float32))
weights = (np.linspace(0.3, 0.7, n) + np.cos(np.arange(n)) * 0.1).astype(np.float32)


@vectorize(['float32(float32)'], target='cuda')
def normalize(grayscales):
    return grayscales / 255


@vectorize(['float32(float32, float32)'], target='cuda')
def weigh(values, weights):
    return values * weights


@vectorize(['float32(float32)'], target='cuda')
def activate(values):
    return (exp(values) - exp(-values)) / (exp(values) + exp(-values))


@guvectorize(['void(float32[:], float32[:])'], '(n)->()', target='cuda')
def l2_norm(vec, out):
    acc = 0.0
    for value in vec:
        acc += value**2
    out[0] = math.sqrt(acc)


if __name__ == "__main__":
    greyscales_device = cuda.to_device(greyscales)
    weights_device = cuda.to_device(weights)
    normalized = cuda.device_array(shape=(n,), dtype=np.float32)
    weighted = cuda.device_array(shape=(n,), dtype=np.float32)
    activated = cuda.device_array(shape=(n,), dtype=np.float32)
    normalize(greyscales_device, out=normalized)
    weigh(normalized, weights_device, out=weighted)
    activate(weighted, out=activated)
    result = activated.copy_to_host()
    print(result[:5])
    print(result[-3:])
    w = (greyscales / 255) * weights
    cpu_reference = (np.exp(2 * w) - 1) / (np.exp(2 * w) + 1)
    print(np.allclose(result, cpu_reference, atol=1e-6))

    vectors = np.arange(12, dtype=np.float32).reshape(4, 3) - np.float32(5.0)
    print(l2_norm(vectors))
    vectors_device = cuda.to_device(vectors)
    norms = l2_norm(vectors_device)
    print(norms.copy_to_host())
