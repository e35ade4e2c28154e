"""Golden: the cmath functions Numba's CUDA target supports, on complex64 and complex128.

Numba's cmath implementations port CPython's algorithms (NumPy's for sqrt), with their branch
cuts, signed zeros and inf/NaN special cases; py2cuda::cmath follows them. A complex64 argument
gives a complex64 result; a real argument converts to complex first (float32 to complex64, int64
and float64 to complex128). phase and polar give the parts' float type; rect takes two floats.
"""
import cmath

import numpy as np
from numba import cuda


@cuda.jit("void(complex128[:], complex128[:, :])")
def elementary(z, out):
    i = cuda.grid(1)
    if i < z.size:
        v = z[i]
        out[i, 0] = cmath.sqrt(v)
        out[i, 1] = cmath.exp(v)
        out[i, 2] = cmath.log(v)
        out[i, 3] = cmath.log10(v)
        out[i, 4] = cmath.log(v, 2.0 + 1j)
        out[i, 5] = cmath.sin(v)
        out[i, 6] = cmath.cos(v)
        out[i, 7] = cmath.tan(v)


@cuda.jit("void(complex128[:], complex128[:, :])")
def inverse_and_hyperbolic(z, out):
    i = cuda.grid(1)
    if i < z.size:
        v = z[i]
        out[i, 0] = cmath.asin(v)
        out[i, 1] = cmath.acos(v)
        out[i, 2] = cmath.atan(v)
        out[i, 3] = cmath.asinh(v)
        out[i, 4] = cmath.acosh(v)
        out[i, 5] = cmath.atanh(v)
        out[i, 6] = cmath.sinh(v)
        out[i, 7] = cmath.cosh(v)
        out[i, 8] = cmath.tanh(v)


@cuda.jit("void(complex64[:], complex64[:, :], float32[:, :])")
def single_precision(z, out, parts):
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = cmath.sqrt(z[i])
        out[i, 1] = cmath.exp(z[i])
        out[i, 2] = cmath.atanh(z[i])
        r, phi = cmath.polar(z[i])
        parts[i, 0] = r
        parts[i, 1] = phi
        parts[i, 2] = cmath.phase(z[i])
        out[i, 3] = cmath.rect(r, phi)


@cuda.jit("void(complex128[:], float64[:], boolean[:, :], complex128[:])")
def predicates_and_reals(z, x, flags, out):
    i = cuda.grid(1)
    if i < z.size:
        flags[i, 0] = cmath.isnan(z[i])
        flags[i, 1] = cmath.isinf(z[i])
        flags[i, 2] = cmath.isfinite(z[i])
        out[i] = cmath.sqrt(x[i])  # a negative float has an imaginary root


def show(z):
    return f"({z.real:.6g}{z.imag:+.6g}j)"


if __name__ == "__main__":
    z = np.array([0.5 + 0.25j, -1.5 + 2j, 3 - 0.75j, -0.25 - 0.5j], dtype=np.complex128)
    out = cuda.device_array((4, 8), dtype=np.complex128)
    elementary[1, 32](cuda.to_device(z), out)
    r = out.copy_to_host()
    for i in range(4):
        print("elementary:", " ".join(show(v) for v in r[i]))

    out = cuda.device_array((4, 9), dtype=np.complex128)
    inverse_and_hyperbolic[1, 32](cuda.to_device(z), out)
    r = out.copy_to_host()
    for i in range(4):
        print("inverse:", " ".join(show(v) for v in r[i]))

    z32 = z.astype(np.complex64)
    out32 = cuda.device_array((4, 4), dtype=np.complex64)
    parts = cuda.device_array((4, 3), dtype=np.float32)
    single_precision[1, 32](cuda.to_device(z32), out32, parts)
    r32, p = out32.copy_to_host(), parts.copy_to_host()
    for i in range(4):
        print("single:", " ".join(f"({v.real:.4f}{v.imag:+.4f}j)" for v in r32[i]), " ".join(f"{v:.4f}" for v in p[i]))

    z = np.array([1 + 1j, complex(np.nan, 0), complex(0, np.inf), complex(-np.inf, np.nan)], dtype=np.complex128)
    x = np.array([4.0, -4.0, 0.0, 2.25], dtype=np.float64)
    flags = cuda.device_array((4, 3), dtype=np.bool_)
    roots = cuda.device_array(4, dtype=np.complex128)
    predicates_and_reals[1, 32](cuda.to_device(z), cuda.to_device(x), flags, roots)
    f, rr = flags.copy_to_host(), roots.copy_to_host()
    for i in range(4):
        print("predicates:", " ".join(str(bool(v)) for v in f[i]), show(rr[i]))
