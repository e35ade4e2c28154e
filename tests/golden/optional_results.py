"""Golden: device functions that return a value on some paths and None on others.

Numba types such a result OptionalType(T): `return None`, a bare `return` and falling off
the end of the body all give None. The caller tests it with `is None` / `is not None`, and
where it uses the value (arithmetic, a store) Numba converts it, raising TypeError if it is
None. A CPU @njit function called from a kernel becomes a device function with the same
rule. A variable assigned an Optional on one path and a value on another is Optional.
"""
import math

from numba import cuda, njit


@cuda.jit(device=True)
def safe_div(a, b):
    if b == 0:
        return None
    return a / b


@cuda.jit(device=True)
def first_negative(row):
    for k in range(row.size):
        if row[k] < 0:
            return k


@njit
def digit_value(code):
    if code >= 48 and code <= 57:  # '0' to '9'
        return code - 48


@cuda.jit(device=True)
def checked_sqrt(x):
    if x >= 0:
        return math.sqrt(x)
    return


@cuda.jit("void(float64[:], float64[:], float64[:])")
def ratios(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        r = safe_div(x[i], y[i])
        if r is None:
            out[i] = -1.0
        else:
            out[i] = r + 0.5


@cuda.jit("void(int64[:, :], int64[:])")
def first_negatives(m, out):
    i = cuda.grid(1)
    if i < m.shape[0]:
        k = first_negative(m[i])
        if k is None:
            k = -1  # k: OptionalType(int64), always a value from here on
        out[i] = k


@cuda.jit("void(float32[:], float32[:], int32[:])")
def roots(x, out, found):
    i = cuda.grid(1)
    if i < x.size:
        s = checked_sqrt(x[i])
        found[i] = s is not None
        out[i] = s * 2 if s is not None else x[i]


@cuda.jit("void(uint8[:], int64[:])")
def digit_sum(text, out):
    if cuda.grid(1) == 0:
        total = 0
        for c in text:
            d = digit_value(c)
            if d is not None:
                total += d
        out[0] = total


if __name__ == "__main__":
    import numpy as np

    x = np.array([1.0, 3.0, -2.0, 0.0, 7.0])
    y = np.array([2.0, 0.0, 4.0, 0.0, -0.5])
    out = cuda.to_device(np.zeros(5))
    ratios[1, 32](cuda.to_device(x), cuda.to_device(y), out)
    print("ratios:", out.copy_to_host())

    m = np.array([[3, 1, -4, -1], [5, 9, 2, 6], [-5, 3, 5, 8]], dtype=np.int64)
    first = cuda.to_device(np.zeros(3, dtype=np.int64))
    first_negatives[1, 32](cuda.to_device(m), first)
    print("first negatives:", first.copy_to_host())

    v = np.array([4.0, -1.0, 2.25, 0.0], dtype=np.float32)
    r = cuda.to_device(np.zeros(4, dtype=np.float32))
    f = cuda.to_device(np.zeros(4, dtype=np.int32))
    roots[1, 32](cuda.to_device(v), r, f)
    print("roots:", r.copy_to_host(), "found:", f.copy_to_host())

    text = np.frombuffer(b"a1b22c333", dtype=np.uint8)
    total = cuda.to_device(np.zeros(1, dtype=np.int64))
    digit_sum[1, 1](cuda.to_device(text), total)
    print("digit sum:", total.copy_to_host()[0])
