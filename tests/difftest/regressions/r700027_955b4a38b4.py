"""Reduced by hand from seed 700027 (acc32[0]'s low bits differed: py2cuda 3346006008, njit 3346006015).

mismatch of the oracle, not of py2cuda: `v ** 1` of an int64 beyond 2**53. numba-cuda computes
int ** int, a literal exponent included, through float64 (int_power's `1.0 / r if invert else r`;
its PTX has cvt.rn.f64.s64 and cvt.rzi.s64.f64 even for `a ** 1`), as py2cuda's ipow does; the
CPU target keeps the exact int64. The oracle now models the CUDA result (`_cuda_ipow` in gen.py's
CPU prelude). Without the model this program mismatches in oi[0] and acc32[0].
"""
META = '{"tag": "700027", "xs": ["int8", "int64", "uint64"], "ys": ["bool", "int64", "uint32"], "of_exact": [], "inexact_ys": [], "seed": 700027}'

CUDA = '''\
@cuda.jit(device=True)
def b700027(i, tid, n, x_int8, x_int64, x_uint64, y_bool, y_int64, y_uint32, oi, of, acc, acc32):
    v6 = (x_uint64[83] + i)
    cuda.atomic.or_(acc32, 0, np.uint32((v6 ** 1)))
    oi[i * 12 + 0] = (v6 ** 1)

@cuda.jit("void(int64, int8[::1], int64[::1], uint64[::1], b1[::1], int64[::1], uint32[::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k700027(n, x_int8, x_int64, x_uint64, y_bool, y_int64, y_uint32, oi, of, acc, acc32):
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < n:
        b700027(i, tid, n, x_int8, x_int64, x_uint64, y_bool, y_int64, y_uint32, oi, of, acc, acc32)
'''

CPU = '''\
@njit(error_model='numpy')
def b700027(i, tid, n, x_int8, x_int64, x_uint64, y_bool, y_int64, y_uint32, oi, of, acc, acc32):
    v6 = (x_uint64[83] + i)
    acc32[0] |= np.uint32(_cuda_ipow(v6 ** 1))
    oi[i * 12 + 0] = _cuda_ipow(v6 ** 1)

@njit(error_model='numpy')
def k700027(n, x_int8, x_int64, x_uint64, y_bool, y_int64, y_uint32, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        for tid in range(32):
            i = b * 32 + tid
            if i < n:
                b700027(i, tid, n, x_int8, x_int64, x_uint64, y_bool, y_int64, y_uint32, oi, of, acc, acc32)
'''
