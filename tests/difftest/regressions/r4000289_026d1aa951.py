"""Minimised by tests/difftest/difftest.py from seed 4000289.

Reduced by hand from generated seed 4000289 (campaign 4000000-4000999).

crash: index_wrap.cpp took np.int8(float) of a non-negative float as non-negative and computed
`% 96` with C's %; but a float converts into 8 bits as the low byte of PTX's saturating 16-bit
cvt (np.int8(123456.789) is 0x7fff's low byte, -1), so the index was -1 (Python's % gives 95).
Only conversions into 16 bits or more, of a float that cannot be NaN, keep the sign now.
"""
META = '{"tag": "4000289", "xs": ["bool", "int8", "int16", "int64", "uint32"], "ys": [], "of_exact": [true, true], "inexact_ys": [], "seed": 4000289, "mats": ["float64"], "own": null, "launch": [[3, 1], [32, 1]], "acc32_slots": 6}'

CUDA = '''\
@cuda.jit(device=True)
def b4000289(i, tid, n, x_bool, x_int8, x_int16, x_int64, x_uint32, m_float64, oi, of, acc, acc32):
    oi[i * 12 + 0] = x_int8[(np.int8((123456.789 * x_bool[i]))) % 96]

@cuda.jit("void(int64, b1[::1], int8[::1], int16[::1], int64[::1], uint32[::1], float64[:, ::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k4000289(n, x_bool, x_int8, x_int16, x_int64, x_uint32, m_float64, oi, of, acc, acc32):
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < n:
        b4000289(i, tid, n, x_bool, x_int8, x_int16, x_int64, x_uint32, m_float64, oi, of, acc, acc32)
'''

CPU = '''\
@njit(**_DEVICE)
def b4000289(i, tid, n, x_bool, x_int8, x_int16, x_int64, x_uint32, m_float64, oi, of, acc, acc32):
    oi[i * 12 + 0] = x_int8[(_cuda_to_int8((123456.789 * x_bool[i]), False)) % 96]

@njit(error_model='numpy')
def k4000289(n, x_bool, x_int8, x_int16, x_int64, x_uint32, m_float64, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        for tid in range(32):
            i = ((b // 3) * 1 + tid // 32) * 96 + (b % 3) * 32 + tid % 32
            if i < n:
                b4000289(i, tid, n, x_bool, x_int8, x_int16, x_int64, x_uint32, m_float64, oi, of, acc, acc32)
'''
