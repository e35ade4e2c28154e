"""Reduced by hand from seed 700192 (acc[3] differed, an atomic.xor of x_uint8[np.int16(x_int64[68] ** 1) % 96]).

mismatch of the oracle, not of py2cuda: as in r700027, `x_int64[68] ** 1` (a value beyond 2**53)
passes through float64 in numba-cuda and py2cuda, not in the CPU target, so the index differed.
The oracle now models it (`_cuda_ipow`). Without the model oi[0] and oi[1] mismatch.
"""
META = '{"tag": "700192", "xs": ["bool", "int64", "uint8", "uint16", "float32"], "ys": ["uint32"], "of_exact": [], "inexact_ys": [], "seed": 700192}'

CUDA = '''\
@cuda.jit(device=True)
def b700192(i, tid, n, x_bool, x_int64, x_uint8, x_uint16, x_float32, y_uint32, oi, of, acc, acc32):
    oi[i * 12 + 0] = x_uint8[(np.int16((x_int64[68] ** 1))) % 96]
    oi[i * 12 + 1] = np.int16((x_int64[68] ** 1))

@cuda.jit("void(int64, b1[::1], int64[::1], uint8[::1], uint16[::1], float32[::1], uint32[::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k700192(n, x_bool, x_int64, x_uint8, x_uint16, x_float32, y_uint32, oi, of, acc, acc32):
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < n:
        b700192(i, tid, n, x_bool, x_int64, x_uint8, x_uint16, x_float32, y_uint32, oi, of, acc, acc32)
'''

CPU = '''\
@njit(error_model='numpy')
def b700192(i, tid, n, x_bool, x_int64, x_uint8, x_uint16, x_float32, y_uint32, oi, of, acc, acc32):
    oi[i * 12 + 0] = x_uint8[(np.int16(_cuda_ipow(x_int64[68] ** 1))) % 96]
    oi[i * 12 + 1] = np.int16(_cuda_ipow(x_int64[68] ** 1))

@njit(error_model='numpy')
def k700192(n, x_bool, x_int64, x_uint8, x_uint16, x_float32, y_uint32, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        for tid in range(32):
            i = b * 32 + tid
            if i < n:
                b700192(i, tid, n, x_bool, x_int64, x_uint8, x_uint16, x_float32, y_uint32, oi, of, acc, acc32)
'''
