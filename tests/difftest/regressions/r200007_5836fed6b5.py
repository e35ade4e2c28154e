"""Reduced by hand (the minimiser is slow on this machine) from generated seed 200007.

mismatch: `a if True else b` was typed as unify(a, b); CPython compiles it to `a`, so Numba types it as a
(uint16 ^ uint64 is uint64 and min() with int64 float64: y_bool was True where Numba stores False)
"""
META = '{"tag": "200007", "xs": ["int16", "int64", "uint8", "uint32", "uint64", "float32"], "ys": ["bool", "int8", "uint64"], "of_exact": [], "inexact_ys": [], "seed": 200007}'

CUDA = '''\
@cuda.jit(device=True)
def b200007(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    y_bool[i] = min(((np.uint16(252) if True else np.int32(31)) ^ np.uint64(x_int16[i])), ((i >> 11) // max(np.int32(3), 1)))
    oi[i*12] = (x_int64[i] if False else np.uint8(3)) - 4

@cuda.jit("void(int64, int16[::1], int64[::1], uint8[::1], uint32[::1], uint64[::1], float32[::1], b1[::1], int8[::1], uint64[::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k200007(n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < n:
        b200007(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32)
'''

CPU = '''\
@njit(error_model='numpy')
def b200007(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    y_bool[i] = min(((np.uint16(252) if True else np.int32(31)) ^ np.uint64(x_int16[i])), ((i >> 11) // max(np.int32(3), 1)))
    oi[i*12] = (x_int64[i] if False else np.uint8(3)) - 4

@njit(error_model='numpy')
def k200007(n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        for tid in range(32):
            i = b * 32 + tid
            if i < n:
                b200007(i, tid, n, x_int16, x_int64, x_uint8, x_uint32, x_uint64, x_float32, y_bool, y_int8, y_uint64, oi, of, acc, acc32)
'''
