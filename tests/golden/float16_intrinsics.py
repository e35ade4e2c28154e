"""Golden: cuda.fp16's __-prefixed functions, the cuda_fp16.h intrinsics.

Each has one signature in numba-cuda (its cuda_fp16.py bindings): any number converts to the
declared argument types, as for cuda.libdevice. Conversions to float16 round in the mode the
suffix names (_rn to nearest even, _rz toward zero, _rd down, _ru up); conversions from
float16 to integers round likewise and saturate to the type's range, NaN giving 0 (the 64-bit
ones: 0x8000000000000000). _sat arithmetic clamps to [0, 1] with NaN -> 0, __hfma_relu clamps
negative results to 0, __hmax_nan/__hmin_nan propagate NaN, the u-suffixed comparisons are true
when either operand is NaN, and __hisinf gives -1, 1 or 0.
"""
# simulator-cannot-run: the simulator's cuda.fp16 lacks the __-prefixed functions
from numba import cuda


@cuda.jit("void(float32[:], int64[:], float16[:, :])")
def to_half(f, n, out):
    i = cuda.grid(1)
    if i < f.size:
        x = f[i]
        k = n[i]
        out[i, 0] = cuda.fp16.__float2half_rn(x)
        out[i, 1] = cuda.fp16.__float2half_rz(x)
        out[i, 2] = cuda.fp16.__float2half_rd(x)
        out[i, 3] = cuda.fp16.__float2half_ru(x)
        out[i, 4] = cuda.fp16.__double2half(x * 1.0)
        out[i, 5] = cuda.fp16.__ll2half_rn(k)
        out[i, 6] = cuda.fp16.__ll2half_rz(k)
        out[i, 7] = cuda.fp16.__ll2half_rd(k)
        out[i, 8] = cuda.fp16.__ll2half_ru(k)
        out[i, 9] = cuda.fp16.__int2half_ru(k)  # int64 -> int32 first, as Numba converts
        out[i, 10] = cuda.fp16.__uint2half_rd(k)
        out[i, 11] = cuda.fp16.__short2half_rz(k)
        out[i, 12] = cuda.fp16.__ushort2half_rn(k)
        out[i, 13] = cuda.fp16.__ull2half_ru(k)


@cuda.jit("void(float16[:], int64[:, :], float32[:])")
def from_half(h, ints, singles):
    i = cuda.grid(1)
    if i < h.size:
        x = h[i]
        ints[i, 0] = cuda.fp16.__half2int_rn(x)
        ints[i, 1] = cuda.fp16.__half2int_rz(x)
        ints[i, 2] = cuda.fp16.__half2int_rd(x)
        ints[i, 3] = cuda.fp16.__half2int_ru(x)
        ints[i, 4] = cuda.fp16.__half2ll_rn(x)
        ints[i, 5] = cuda.fp16.__half2short_rd(x)
        ints[i, 6] = cuda.fp16.__half2ushort_ru(x)
        ints[i, 7] = cuda.fp16.__half2uint_rz(x)
        ints[i, 8] = cuda.fp16.__half2char_rz(x)
        ints[i, 9] = cuda.fp16.__half2uchar_rz(x)
        ints[i, 10] = cuda.fp16.__half_as_short(x)
        ints[i, 11] = cuda.fp16.__half_as_ushort(x)
        ints[i, 12] = cuda.fp16.__half2ull_rd(x)
        singles[i] = cuda.fp16.__half2float(x)


@cuda.jit("void(float16[:], float16[:], float16[:], int16[:], float16[:, :], boolean[:, :], int32[:])")
def arithmetic(a, b, c, raw, out, flags, kinds):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = cuda.fp16.__hadd_sat(x, y)
        out[i, 1] = cuda.fp16.__hsub_sat(x, y)
        out[i, 2] = cuda.fp16.__hmul_sat(x, y)
        out[i, 3] = cuda.fp16.__hfma_sat(x, y, c[i])
        out[i, 4] = cuda.fp16.__hfma_relu(x, y, c[i])
        out[i, 5] = cuda.fp16.__hmax_nan(x, y)
        out[i, 6] = cuda.fp16.__hmin_nan(x, y)
        out[i, 7] = cuda.fp16.__hadd_rn(x, y)
        out[i, 8] = cuda.fp16.__hsub_rn(x, y)
        out[i, 9] = cuda.fp16.__hmul_rn(x, y)
        out[i, 10] = cuda.fp16.__hdiv(x, y)
        out[i, 11] = cuda.fp16.__hfma(x, y, c[i])
        out[i, 12] = cuda.fp16.__hmax(x, y)
        out[i, 13] = cuda.fp16.__hneg(cuda.fp16.__habs(x))
        out[i, 14] = cuda.fp16.__short_as_half(raw[i])
        out[i, 15] = cuda.fp16.__ushort_as_half(raw[i])  # int16 -> uint16: the same bits
        flags[i, 0] = cuda.fp16.__hequ(x, y)
        flags[i, 1] = cuda.fp16.__hneu(x, y)
        flags[i, 2] = cuda.fp16.__hgeu(x, y)
        flags[i, 3] = cuda.fp16.__hgtu(x, y)
        flags[i, 4] = cuda.fp16.__hleu(x, y)
        flags[i, 5] = cuda.fp16.__hltu(x, y)
        flags[i, 6] = cuda.fp16.__hne(x, y)
        flags[i, 7] = cuda.fp16.__hisnan(x)
        kinds[i] = cuda.fp16.__hisinf(x)


if __name__ == "__main__":
    import numpy as np

    f = np.array([1.00048828125, -1.00048828125, 65520.0, -1e-30, 0.1, 2.5], dtype=np.float32)
    n = np.array([2049, -2051, 70000, -1, 4097, 65535], dtype=np.int64)
    out = cuda.device_array((6, 14), dtype=np.float16)
    to_half[1, 32](cuda.to_device(f), cuda.to_device(n), out)
    for i, row in enumerate(out.copy_to_host()):
        print("to_half:", f[i], n[i], "->", " ".join(str(v) for v in row))

    h = np.array([2.5, -2.5, 65504.0, -0.75, 300.0, np.nan], dtype=np.float16)
    ints = cuda.device_array((6, 13), dtype=np.int64)
    singles = cuda.device_array(6, dtype=np.float32)
    from_half[1, 32](cuda.to_device(h), ints, singles)
    s = singles.copy_to_host()
    for i, row in enumerate(ints.copy_to_host()):
        print("from_half:", h[i], "->", row.tolist(), s[i])

    a = np.array([0.75, 0.25, np.nan, -2.0, np.inf, -np.inf], dtype=np.float16)
    b = np.array([0.5, 0.75, 1.0, np.nan, 2.0, -3.0], dtype=np.float16)
    c = np.array([0.5, -0.5, 0.0, 1.0, 0.25, -1.0], dtype=np.float16)
    raw = np.array([15360, -16384, 31744, -1024, 1, 32767], dtype=np.int16)
    out = cuda.device_array((6, 16), dtype=np.float16)
    flags = cuda.device_array((6, 8), dtype=np.bool_)
    kinds = cuda.device_array(6, dtype=np.int32)
    arithmetic[1, 32](cuda.to_device(a), cuda.to_device(b), cuda.to_device(c), cuda.to_device(raw), out, flags, kinds)
    r, fl, k = out.copy_to_host(), flags.copy_to_host(), kinds.copy_to_host()
    for i in range(6):
        print("arithmetic:", a[i], b[i], c[i], "->", " ".join(str(v) for v in r[i]), fl[i].tolist(), k[i])
