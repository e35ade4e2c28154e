"""Minimised by tests/difftest/difftest.py from seed 3000208.

Reduced by hand from generated seed 3000208 (campaign 3000000-3000599).

mismatch: Numba's dead-branch pruning decides `-1e6 < 1e300 < 1e6` (constants) before typing, and
after SSA the test `(-3) != 0` it leaves, so the outer conditional is min(uint16, uint16) alone and
`>> 15` of it uint64: `~` gives 2**64 - 1. py2cuda unified both arms to int64 (`~` gave -1).
infer/constant_branches.cpp models the pruning now.
"""
META = '{"tag": "3000208", "xs": ["bool", "uint16", "uint64", "float32"], "ys": [], "of_exact": [], "inexact_ys": [], "seed": 3000208, "mats": [], "own": "int64", "launch": [[3, 1], [4, 8]], "acc32_slots": 6}'

CUDA = '''\
@cuda.jit(device=True)
def s3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32):
    ii = i % n
    sm[tid] = np.int64((math.fabs(np.int32((x_uint16[(np.int16(math.floor(1e-3))) % 96] == x_bool[(i + 8) % 96]))) - ((np.int16(15) << 8) % 10)))

@cuda.jit(device=True)
def b3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32):
    of[i * 12 + 0] = ~((min(x_uint16[i], x_uint16[i]) if ((round(1e300) if -1e6 < 1e300 < 1e6 else -3) != 0) else round(np.float32(2.0))) >> 15)

@cuda.jit("void(int64, b1[::1], uint16[::1], uint64[::1], float32[::1], int64[:, ::1], int64[::1], float64[::1], int64[::1], uint32[::1])")
def k3000208(n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32):
    tid = cuda.threadIdx.y * cuda.blockDim.x + cuda.threadIdx.x
    x, y = cuda.grid(2)
    w, h = cuda.gridsize(2)
    i = y * w + x
    sm = cuda.shared.array(32, np.int64)
    s3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32)
    cuda.syncthreads()
    if i < n:
        b3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32)
'''

CPU = '''\
@njit(**_DEVICE)
def s3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32):
    ii = i % n
    sm[tid] = _cuda_to_int64((math.fabs(np.int32((x_uint16[(_cuda_to_int16(np.floor(1e-3), False)) % 96] == x_bool[(i + 8) % 96]))) - ((np.int16(15) << 8) % 10)), False)

@njit(**_DEVICE)
def b3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32):
    of[i * 12 + 0] = ~((min(x_uint16[i], x_uint16[i]) if ((round(1e300) if -1e6 < 1e300 < 1e6 else -3) != 0) else round(np.float32(2.0))) >> 15)

@njit(error_model='numpy')
def k3000208(n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32):
    for b in range((n + 31) // 32):
        sm = np.zeros(32, np.int64)
        for tid in range(32):
            i = ((b // 3) * 8 + tid // 4) * 12 + (b % 3) * 4 + tid % 4
            s3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32)
        for tid in range(32):
            i = ((b // 3) * 8 + tid // 4) * 12 + (b % 3) * 4 + tid % 4
            if i < n:
                b3000208(i, tid, sm, n, x_bool, x_uint16, x_uint64, x_float32, ow, oi, of, acc, acc32)
'''
