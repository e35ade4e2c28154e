"""CUDA ufuncs for the ufunc oracle (run_ufunc_oracle.py): several signatures per ufunc (the first
one the operands' dtypes match runs), integer and float loops, math functions, a gufunc with a
scalar in its layout and a gufunc with two core dimensions per operand."""
import math

from numba import cuda, vectorize, guvectorize


@vectorize(['int32(int32, int32)', 'int64(int64, int64)', 'float32(float32, float32)',
            'float64(float64, float64)'], target='cuda')
def floor_mod(x, y):
    return x % y if y != 0 else 0


@vectorize(['float32(float32, float32, float32)', 'float64(float64, float64, float64)'], target='cuda')
def lerp(a, b, t):
    return a + (b - a) * t


@vectorize(['float64(int64)', 'float32(float32)'], target='cuda')
def softplus(x):
    return math.log1p(math.exp(-abs(x))) + max(x, 0)


@vectorize(['uint8(uint8, uint8)', 'int16(int16, int16)'], target='cuda')
def saturating_add(a, b):
    s = a + b
    return s if s < 200 else 200


@guvectorize(['void(float32[:], float32, float32[:])', 'void(float64[:], float64, float64[:])'],
             '(n),()->(n)', target='cuda')
def scale_shift(x, shift, out):
    for i in range(x.shape[0]):
        out[i] = x[i] * 2 + shift


@guvectorize(['void(float64[:, :], float64[:, :], float64[:, :])'], '(m,n),(n,p)->(m,p)', target='cuda')
def matmul(a, b, out):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            acc = 0.0
            for k in range(a.shape[1]):
                acc += a[i, k] * b[k, j]
            out[i, j] = acc


@guvectorize(['void(int64[:], int64[:])'], '(n)->()', target='cuda')
def total(x, out):
    acc = 0
    for v in x:
        acc += v
    out[0] = acc
