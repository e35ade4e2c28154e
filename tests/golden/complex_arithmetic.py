"""Golden: complex64 and complex128 values and arrays in kernels and device functions.

Literals (`1j`, `2.5 + 3j` folds into one complex128 literal), complex(re, im), z.real, z.imag,
z.conjugate(), + - * / and unary minus, == and !=, abs(z) (hypot of the parts, float32 for a
complex64), numba/numpy complex casts, complex parameters and results of a device function, a
complex in a tuple. The types follow Numba: complex64 meets float64 (or int32, int64) in
complex128; complex64 with float32 (or int8, int16, uint8, bool) stays complex64. Division is
CPython's algorithm, as Numba's; a division by zero ends the thread (Numba raises
ZeroDivisionError, and a kernel built without debug=True just returns).
"""
import numpy as np
from numba import complex64, complex128, cuda, float32


@cuda.jit(device=True)
def rotate(z, turns):
    # A complex parameter and result; `turns` is an int64, so 1j * turns is complex128.
    return z * (1j * turns)


@cuda.jit(device=True)
def split(z):
    # A tuple with a complex element: Tuple(complex64, float32).
    return z.conjugate(), abs(z)


@cuda.jit("void(complex128[:], complex128[:], complex128[:, :])")
def arithmetic(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = x + y
        out[i, 1] = x - y * 2.5
        out[i, 2] = x * y
        out[i, 3] = x / y
        out[i, 4] = -x + (2.5 + 3j)
        out[i, 5] = x.conjugate() * 1j
        out[i, 6] = complex(x.imag, x.real)
        out[i, 7] = rotate(x, 2)


@cuda.jit("void(complex64[:], float32[:], complex64[:, :], float32[:, :])")
def single_precision(z, f, out, parts):
    i = cuda.grid(1)
    if i < z.size:
        w = z[i] * f[i]  # complex64 * float32 stays complex64
        w += complex64(1.5)
        out[i, 0] = w
        out[i, 1] = z[i] / (w + 1)
        out[i, 2] = complex(f[i], float32(0.5))  # two float32: complex64
        parts[i, 0] = abs(w)
        parts[i, 1] = w.imag
        c, m = split(w)
        parts[i, 2] = c.imag - m


@cuda.jit("void(complex64[:], float64[:], complex128[:], boolean[:, :])")
def mixed_and_compare(z, x, out, flags):
    i = cuda.grid(1)
    if i < z.size:
        w = z[i] + x[i]  # complex64 + float64 -> complex128
        out[i] = w
        flags[i, 0] = w == x[i]
        flags[i, 1] = z[i] != complex128(x[i])
        flags[i, 2] = bool(z[i])
        flags[i, 3] = not w


@cuda.jit("void(complex64[:], complex128)")
def shift(z, c):
    # A complex scalar argument; complex64 + complex128 is complex128, stored back rounded.
    i = cuda.grid(1)
    if i < z.size:
        z[i] = z[i] + c


def show(z):
    return f"({z.real:.6g}{z.imag:+.6g}j)"


if __name__ == "__main__":
    a = np.array([1 + 2j, -3.5 + 0.25j, 4j, 2 - 1j], dtype=np.complex128)
    b = np.array([0.5 - 1j, 2 + 2j, -1 + 0j, 1e-3 + 3j], dtype=np.complex128)
    out = cuda.device_array((4, 8), dtype=np.complex128)
    arithmetic[1, 32](cuda.to_device(a), cuda.to_device(b), out)
    r = out.copy_to_host()
    for i in range(4):
        print("arithmetic:", " ".join(show(v) for v in r[i]))

    z = np.array([1 + 1j, -2.5 + 0.5j, 0.25j, 3 - 4j], dtype=np.complex64)
    f = np.array([2.0, -1.0, 4.0, 0.5], dtype=np.float32)
    out64 = cuda.device_array((4, 3), dtype=np.complex64)
    parts = cuda.device_array((4, 3), dtype=np.float32)
    single_precision[1, 32](cuda.to_device(z), cuda.to_device(f), out64, parts)
    r64, p = out64.copy_to_host(), parts.copy_to_host()
    for i in range(4):
        print("single:", " ".join(f"({v.real:.4f}{v.imag:+.4f}j)" for v in r64[i]), " ".join(f"{v:.4f}" for v in p[i]))

    z = np.array([2 + 0j, 1 + 1j, 0j, -0.5 + 0j], dtype=np.complex64)
    x = np.array([2.0, 1.0, 0.0, 3.0], dtype=np.float64)
    w = cuda.device_array(4, dtype=np.complex128)
    flags = cuda.device_array((4, 4), dtype=np.bool_)
    mixed_and_compare[1, 32](cuda.to_device(z), cuda.to_device(x), w, flags)
    rw, fl = w.copy_to_host(), flags.copy_to_host()
    for i in range(4):
        print("mixed:", show(rw[i]), " ".join(str(bool(v)) for v in fl[i]))

    zd = cuda.to_device(np.array([1 + 1j, -0.5j], dtype=np.complex64))
    shift[1, 32](zd, 0.25 - 2j)
    print("shift:", " ".join(show(v) for v in zd.copy_to_host()))
