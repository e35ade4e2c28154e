"""Reduced by hand (the minimiser is slow on this machine) from generated seed 200019.

mismatch: `~True` was `not True` (0); CPython folds it into the constant -2 before Numba sees it
"""
META = '{"tag": "200019", "xs": ["int16", "int64", "uint8", "uint32", "uint64", "float32"], "ys": ["bool", "int8", "uint64"], "of_exact": [], "inexact_ys": [], "seed": 200019}'

CUDA = '''\
@cuda.jit(device=True)
def b200019(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    if (((~True) * abs(np.int8(1))) != 0):
        y_int8[i] = 5
    else:
        y_int8[i] = 9
    oi[i*12] = ~True
    oi[i*12+1] = -True + (+False)

@cuda.jit("void(int64, int16[::1], int64[::1], uint8[::1], uint32[::1], uint64[::1], float32[::1], b1[::1], int8[::1], uint64[::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k200019(n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < n:
        b200019(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32)
'''

CPU = '''\
@njit(error_model='numpy')
def b200019(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    if (((~True) * abs(np.int8(1))) != 0):
        y_int8[i] = 5
    else:
        y_int8[i] = 9
    oi[i*12] = ~True
    oi[i*12+1] = -True + (+False)

@njit(error_model='numpy')
def k200019(n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        for tid in range(32):
            i = b * 32 + tid
            if i < n:
                b200019(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32)
'''
