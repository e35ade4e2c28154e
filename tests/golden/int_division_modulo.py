"""Golden: // and % with Python's floor semantics, for every sign combination and a zero divisor.

C++'s / and % truncate toward zero; Python's // and % round toward negative infinity, so the
remainder takes the divisor's sign. Numba on CUDA returns 0 for an integer // or % by zero (it
does not raise). Mixed widths widen first: int8 // int32 is computed in int64. For floats, //
is floor(a / b) computed as Python does, and % is fmod adjusted to the divisor's sign.
"""
# simulator-differs: int32_min
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:], int32[:], int64[:], int64[:])")
def int_floordiv(a, b, quotient, remainder):
    i = cuda.grid(1)
    if i < a.size:
        quotient[i] = a[i] // b[i]
        remainder[i] = a[i] % b[i]


@cuda.jit("void(int8[:], int64[:])")
def mixed_width(small, out):
    out[0] = small[0] // 3  # int8 // int64 literal: int64
    out[1] = small[0] % 3
    out[2] = -small[0] // -3  # -int8 is typed int64 but negated in int8: -(-128) wraps to -128


@cuda.jit("void(float64[:], float64[:], float64[:], float64[:])")
def float_floordiv(a, b, quotient, remainder):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        # Both of the same variables: one fmod (py2cuda::divmod); samples/python_semantics.py
        # has the same of array elements, which keep floordiv and mod.
        quotient[i] = x // y
        remainder[i] = x % y


@cuda.jit("void(float32[:], float32[:], float32[:], float32[:])")
def float32_floordiv(a, b, quotient, remainder):
    i = cuda.grid(1)
    if i < a.size:
        # Of array elements, with no array stored between them: one fmod too, its divmod
        # declared before the first statement (NVVM does not merge two of array elements).
        q = a[i] // b[i]
        r = a[i] % b[i]
        quotient[i] = q
        remainder[i] = r


if __name__ == "__main__":
    a = np.array([7, -7, 7, -7, 6, -6, 0, 7, -2147483648, 2147483647], dtype=np.int32)
    b = np.array([2, 2, -2, -2, 3, 3, 5, 0, -1, -1], dtype=np.int32)
    n = 10
    q = cuda.device_array(n, dtype=np.int64)
    r = cuda.device_array(n, dtype=np.int64)
    int_floordiv[1, 16](cuda.to_device(a), cuda.to_device(b), q, r)
    q_host = q.copy_to_host()
    r_host = r.copy_to_host()
    for i in range(n - 2):
        print(f"int: {a[i]} // {b[i]} = {q_host[i]}, {a[i]} % {b[i]} = {r_host[i]}")
    # int32 // int32 is computed in int64, so -2147483648 // -1 does not overflow.
    print(f"int32_min: -2147483648 // -1 = {q_host[8]}, -2147483648 % -1 = {r_host[8]}")
    print(f"int32_max: 2147483647 // -1 = {q_host[9]}, 2147483647 % -1 = {r_host[9]}")

    out = cuda.device_array(3, dtype=np.int64)
    mixed_width[1, 1](cuda.to_device(np.array([-128], dtype=np.int8)), out)
    m = out.copy_to_host()
    print(f"int8: -128 // 3 = {m[0]}, -128 % 3 = {m[1]}, -int8(-128) // -3 = {m[2]}")

    # Operands whose remainders are exact: NVVM computes fmod as |x| - floor(|x|/|y|)*|y|, which
    # can differ from C's fmod in the last bit (and gives NaN for x % inf).
    x = np.array([7.5, -7.5, 7.5, -7.5, 1.0, -1.0, 0.0, 6.25], dtype=np.float64)
    y = np.array([2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 5.0, -0.5], dtype=np.float64)
    n = 8
    fq = cuda.device_array(n, dtype=np.float64)
    fr = cuda.device_array(n, dtype=np.float64)
    float_floordiv[1, 16](cuda.to_device(x), cuda.to_device(y), fq, fr)
    fq_host = fq.copy_to_host()
    fr_host = fr.copy_to_host()
    for i in range(n):
        print(f"float: {x[i]} // {y[i]} = {fq_host[i]}, {x[i]} % {y[i]} = {fr_host[i]:.17g}")

    x32 = np.array([7.5, -7.5, 7.5, -7.5, 1.0, -1.0, 0.0, 6.25], dtype=np.float32)
    y32 = np.array([2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 5.0, -0.5], dtype=np.float32)
    gq = cuda.device_array(n, dtype=np.float32)
    gr = cuda.device_array(n, dtype=np.float32)
    float32_floordiv[1, 16](cuda.to_device(x32), cuda.to_device(y32), gq, gr)
    gq_host = gq.copy_to_host()
    gr_host = gr.copy_to_host()
    for i in range(n):
        print(f"float32: {x32[i]} // {y32[i]} = {gq_host[i]}, {x32[i]} % {y32[i]} = {gr_host[i]}")
