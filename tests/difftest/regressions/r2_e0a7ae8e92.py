"""Reduced by hand (before the minimiser existed) from a program difftest.py generated.

translate: a literal cast (np.int8(3)) folded to a bare C++ int: py2cuda::mod(int, int), ipow(int, int) and
py_max(int, int64_t) did not compile (ambiguous or no overload)
"""
META = '{"tag": "2", "xs": ["int16"], "ys": [], "of_exact": [], "inexact_ys": [], "seed": 2}'

CUDA = '''\
@cuda.jit(device=True)
def b2(i, tid, n, x_int16, oi, of, acc, acc32):
    v1 = (np.int8(3)) % 96
    v2 = np.int16(7) ** 2
    v3 = max(np.int16(8), 1)
    v4 = 5 % max(np.int16(8), 1) + (x_int16[i] % max(np.int16(-3), 1))
    v5 = np.uint8(200) // np.int64(3)
    oi[i * 12 + 0] = v1
    oi[i * 12 + 1] = v2
    oi[i * 12 + 2] = v3
    oi[i * 12 + 3] = v4
    oi[i * 12 + 4] = v5

@cuda.jit("void(int64, int16[::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k2(n, x_int16, oi, of, acc, acc32):
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < n:
        b2(i, tid, n, x_int16, oi, of, acc, acc32)
'''

CPU = '''\
@njit(error_model='numpy')
def b2(i, tid, n, x_int16, oi, of, acc, acc32):
    v1 = (np.int8(3)) % 96
    v2 = np.int16(7) ** 2
    v3 = max(np.int16(8), 1)
    v4 = 5 % max(np.int16(8), 1) + (x_int16[i] % max(np.int16(-3), 1))
    v5 = np.uint8(200) // np.int64(3)
    oi[i * 12 + 0] = v1
    oi[i * 12 + 1] = v2
    oi[i * 12 + 2] = v3
    oi[i * 12 + 3] = v4
    oi[i * 12 + 4] = v5

@njit(error_model='numpy')
def k2(n, x_int16, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        for tid in range(32):
            i = b * 32 + tid
            if i < n:
                b2(i, tid, n, x_int16, oi, of, acc, acc32)
'''
