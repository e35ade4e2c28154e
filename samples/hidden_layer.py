"""A neural-network hidden layer: normalize greyscale values, weigh them, apply tanh.

Course: "Introduction to CUDA Python with Numba", Assessment: Accelerate Neural Network
Calculations. These are the assessment's three kernels, with signatures added, and the body of its
`create_hidden_layer`: copy the inputs to the device once, chain the three kernels on device
arrays, copy only the activations back. `exp` is imported from the math module, as the assessment
requires (numpy.exp cannot be used in a kernel).

The assessment draws random greyscales (0..254, floored) and normal weights (mean .5, sd .1);
this program uses deterministic values with the same ranges so that its output is reproducible.
"""
from math import exp

import numpy as np
from numba import cuda


# Kernel to normalize grayscale values
@cuda.jit
def normalize(grayscales, out):
    i = cuda.grid(1)
    if i < grayscales.size:
        out[i] = grayscales[i] / 255.0  # Normalize to range [0, 1]


# Kernel to weigh the normalized values with weights
@cuda.jit
def weigh(values, weights, out):
    i = cuda.grid(1)
    if i < values.size:
        out[i] = values[i] * weights[i]  # Element-wise multiplication


# Kernel to apply the activation function (tanh)
@cuda.jit
def activate(values, out):
    i = cuda.grid(1)
    if i < values.size:
        out[i] = (exp(values[i]) - exp(-values[i])) / (exp(values[i]) + exp(-values[i]))  # tanh


if __name__ == "__main__":
    n = 1000
    greyscales = ((np.arange(n, dtype=np.int32) * 97) % 256).astype(np.float32)
    weights = np.linspace(0.3, 0.7, n, dtype=np.float32)

    # The body of the assessment's create_hidden_layer.
    greyscales_device = cuda.to_device(greyscales)
    weights_device = cuda.to_device(weights)
    normalized_device = cuda.device_array(n, dtype=np.float32)
    weighted_device = cuda.device_array(n, dtype=np.float32)
    activated_device = cuda.device_array(n, dtype=np.float32)

    threads_per_block = 512
    blocks_per_grid = (n + (threads_per_block - 1)) // threads_per_block

    normalize[blocks_per_grid, threads_per_block](greyscales_device, normalized_device)
    weigh[blocks_per_grid, threads_per_block](normalized_device, weights_device, weighted_device)
    activate[blocks_per_grid, threads_per_block](weighted_device, activated_device)
    a = activated_device.copy_to_host()

    for i in [0, 1, 2, 3, 500, n - 1]:
        print(f"greyscale {greyscales[i]:5.1f}, weight {weights[i]:.4f} -> {a[i]:.4f}")
    total = 0.0
    for i in range(n):
        total += float(a[i])
    print(f"sum of activations = {total:.2f}")
