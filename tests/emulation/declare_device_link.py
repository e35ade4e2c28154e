"""Emulation check: device functions written in CUDA C, linked into the emulated program.

cuda.declare_device declares horner3 (Numba's ABI) and triple_plus (abi="c"), defined in
external/polynomial.cu; py2cuda --exe --emulate compiles that file with the host compiler and
links it. The expected values are computed from first principles (Numba's simulator cannot call
CUDA C): p(x) = 0.5 x^2 - 2 x + 1 at x = 0, 1, ..., 5, exact in float64 for these x; and
3 * i + 7 for i = 0 .. 5 (int32 arguments and result).
"""
from numba import cuda

horner3 = cuda.declare_device("horner3", "float64(float64, float64, float64, float64)",
                              link=["external/polynomial.cu"])
triple_plus = cuda.declare_device("triple_plus", "int32(int32, int32)", link="external/polynomial.cu", abi="c")

# emulation-run: evaluate --grid 2 --block 4 float64[6] float64[6] int32[6]
# emulation-expect: p = 1 -0.5 -1 -0.5 1 3.5
# emulation-expect: t = 7 10 13 16 19 22


@cuda.jit("void(float64[:], float64[:], int32[:])")
def evaluate(x, p, t):
    i = cuda.grid(1)
    if i < x.size:
        p[i] = horner3(x[i], 1.0, -2.0, 0.5)
        t[i] = triple_plus(i, 7)
