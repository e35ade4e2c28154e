# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""np.sin, np.cos, np.exp, np.log and np.power on the host as NumPy computes them: its own
float32 loops (AVX2/AVX-512 machines) and SVML's float64 exp, log and log10 and float32/float64 pow
(AVX-512 SKX machines) round differently from the C library in the last bit, which shows in
repr(), in sums and in the "max error" of a kernel's result against a host reference; and
`**` of an array takes ndarray.__pow__'s shortcuts (x ** 2 is np.square(x), not the ufunc). The expected output is NumPy's on
the project's x86-64 AVX-512 machines; py2cuda picks the same loops by the same CPU test."""
import math

import numpy as np
from numba import cuda


@cuda.jit
def gaussian(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.exp(-x[i] * x[i] / 2.0)


WEIGHTS = np.linspace(0.1, 1.0, 8) ** 3  # frozen at translation: ndarray.__pow__ there too
RAMP = np.linspace(0.5, 2.0, 8) ** 1.7


@cuda.jit
def weigh(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = WEIGHTS[i] + RAMP[i]


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
    print("decibels:", repr((10.0 * np.log10(reference)).sum()), repr(np.log10(np.arange(1.0, 200.0)).sum()))

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
    cubes = x ** 3
    print("powers:", repr(cubes.sum()), repr((x ** 1.5).sum()), repr((np.abs(x) ** 0.37).sum()))
    print("shortcuts:", repr((x ** 2).sum()), repr((np.abs(x) ** 0.5).sum()), repr((x[x != 0] ** -1).sum()))
    print("np.power:", repr(np.power(x, 2).sum()), repr(np.power(np.abs(x), 3.0).sum()), repr((2.5 ** x).sum()))
    grid = np.linspace(0.5, 3.0, 7)
    grid **= 3
    print("in place:", grid)
    s = np.float64(1.7)
    print("scalars:", repr(s ** 1.3), repr(np.power(s, 1.3)), repr(1.7 ** 1.3))
    p32 = x32[1:] ** np.float32(1.5)
    print("float32 powers:", repr(float(p32.sum(dtype=np.float64))), repr(float((x32 ** 3).sum(dtype=np.float64))),
          repr(float((x32 ** 2).sum(dtype=np.float64))))
    ints = np.arange(-4, 5)
    print("int ** 2:", ints ** 2, ints ** 3)
    weights = np.zeros(8)
    weigh[1, 8](weights)
    print("module weights:", repr(weights.sum()), weights[:3])
    print("softmax:", repr(float((np.exp(x[:5]) / np.exp(x[:5]).sum())[0])))


main()
