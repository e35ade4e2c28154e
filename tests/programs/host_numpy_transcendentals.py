# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""np.sin, np.cos, np.exp and np.log on the host as NumPy computes them: its own float32
loops (AVX2/AVX-512 machines) and SVML's float64 exp and log (AVX-512 SKX machines) round
differently from the C library in the last bit, which shows in repr(), in sums and in the
"max error" of a kernel's result against a host reference. The expected output is NumPy's on
the project's x86-64 AVX-512 machines; py2cuda picks the same loops by the same CPU test."""
import math

import numpy as np
from numba import cuda


@cuda.jit
def gaussian(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.exp(-x[i] * x[i] / 2.0)


@cuda.jit
def wave(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.sin(x[i]) * math.cos(x[i])


def main():
    x = np.linspace(-4.0, 4.0, 1000)
    out = np.zeros_like(x)
    gaussian[(x.size + 127) // 128, 128](x, out)
    reference = np.exp(-x * x / 2.0)
    print("gaussian max error:", np.max(np.abs(out - reference)))
    print("sum of exp:", repr(reference.sum()))
    print("sum of log:", repr(np.log(reference).sum()))
    print("log of a grid:", repr(np.log(np.arange(1.0, 200.0)).sum()))

    # The kernel in float64: the simulator computes float32 math in Python floats, where
    # a compiled kernel (and py2cuda) computes in float32.
    waves = np.arange(2000) / 37.0
    out_waves = np.zeros_like(waves)
    wave[(waves.size + 127) // 128, 128](waves, out_waves)
    print("wave max error:", np.max(np.abs(out_waves - np.sin(waves) * np.cos(waves))))
    x32 = (np.arange(2000, dtype=np.float32) / np.float32(37.0)).astype(np.float32)
    print("float32 sums:", repr(float(np.sin(x32).sum(dtype=np.float64))),
          repr(float(np.cos(x32).sum(dtype=np.float64))),
          repr(float(np.exp(x32 / np.float32(10.0)).sum(dtype=np.float64))),
          repr(float(np.log(x32[1:]).sum(dtype=np.float64))))
    print(np.sin(x32[10:15]), np.exp(x32[40:43]))
    print("scalars:", np.exp(1.0), np.log(10.0), np.exp(np.float32(0.3)), np.sin(np.float32(2.5)))
    print("softmax:", repr(float((np.exp(x[:5]) / np.exp(x[:5]).sum())[0])))


main()
