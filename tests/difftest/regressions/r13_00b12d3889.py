"""Reduced by hand (before the minimiser existed) from a program difftest.py generated.

mismatch: ~ of a narrow unsigned integer widened before inverting (~uint8(100) was 2**64 - 101, Numba: 155)
"""
META = '{"tag": "13", "xs": ["int64", "int32"], "ys": [], "of_exact": [], "inexact_ys": [], "seed": 13}'

CUDA = '''\
@cuda.jit(device=True)
def b13(i, tid, n, x_int64, x_int32, oi, of, acc, acc32):
    v1 = x_int64[(i + 77) % 96] | (~np.uint8(100))
    v2 = ~np.uint16(x_int32[i])
    v3 = (x_int32[5] > 0) <= (x_int64[i] | (~np.uint32(7)))
    oi[i * 12 + 0] = v1
    oi[i * 12 + 1] = v2
    oi[i * 12 + 2] = v3

@cuda.jit("void(int64, int64[::1], int32[::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k13(n, x_int64, x_int32, oi, of, acc, acc32):
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < n:
        b13(i, tid, n, x_int64, x_int32, oi, of, acc, acc32)
'''

CPU = '''\
@njit(error_model='numpy')
def b13(i, tid, n, x_int64, x_int32, oi, of, acc, acc32):
    v1 = x_int64[(i + 77) % 96] | (~np.uint8(100))
    v2 = ~np.uint16(x_int32[i])
    v3 = (x_int32[5] > 0) <= (x_int64[i] | (~np.uint32(7)))
    oi[i * 12 + 0] = v1
    oi[i * 12 + 1] = v2
    oi[i * 12 + 2] = v3

@njit(error_model='numpy')
def k13(n, x_int64, x_int32, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        for tid in range(32):
            i = b * 32 + tid
            if i < n:
                b13(i, tid, n, x_int64, x_int32, oi, of, acc, acc32)
'''
