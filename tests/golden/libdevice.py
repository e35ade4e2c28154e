"""Golden: numba.cuda.libdevice, typed by the signatures Numba declares for __nv_* functions.

Each libdevice.NAME becomes the CUDA math API function that nvcc lowers to the same __nv_NAME
(dadd_ru -> __dadd_ru, fast_expf -> __expf, popc -> __popc, sinf -> sinf). Arguments are
converted to the declared types (fdiv_rz is float32(float32, float32), so float64 or int
arguments become float32), "unsigned" functions take and return int32 bit patterns (umax, sad,
double2uint_rz), and the functions with pointer results return tuples (modf, frexp, sincosf).

The simulator cannot run any of it: its libdevice functions are the documentation stubs, which
return None. The expected values come from first principles (exact rational arithmetic rounded
in each mode, PTX's saturating conversions, the integer intrinsics' definitions); see the
oracle cases.
"""
# simulator-cannot-run: numba.cuda.libdevice functions are documentation stubs in the simulator
import numpy as np
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float64[:], float64[:], float64[:, :])")
def rounding_modes(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = libdevice.dadd_rn(a[i], b[i])
        out[i, 1] = libdevice.dadd_rz(a[i], b[i])
        out[i, 2] = libdevice.dadd_ru(a[i], b[i])
        out[i, 3] = libdevice.dadd_rd(a[i], b[i])
        out[i, 4] = libdevice.ddiv_rz(a[i], b[i])
        out[i, 5] = libdevice.ddiv_ru(a[i], b[i])
        out[i, 6] = libdevice.dsqrt_rd(abs(a[i]))
        out[i, 7] = libdevice.fma_ru(a[i], b[i], 1.0)


@cuda.jit("void(float32[:], float32[:], float64[:], float32[:, :])")
def float32_rounding(x, y, d, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.fadd_rd(x[i], y[i])
        out[i, 1] = libdevice.fmul_ru(x[i], y[i])
        out[i, 2] = libdevice.fdiv_rz(x[i], y[i])
        out[i, 3] = libdevice.frcp_rn(y[i])
        out[i, 4] = libdevice.double2float_rd(d[i])
        out[i, 5] = libdevice.double2float_ru(d[i])


@cuda.jit("void(float64[:], int64[:, :])")
def conversions(d, out):
    i = cuda.grid(1)
    if i < d.size:
        out[i, 0] = libdevice.double2int_rn(d[i])
        out[i, 1] = libdevice.double2int_rz(d[i])
        out[i, 2] = libdevice.double2int_ru(d[i])
        out[i, 3] = libdevice.double2int_rd(d[i])
        out[i, 4] = libdevice.double2uint_rz(d[i])  # an int32 holding the unsigned bits
        out[i, 5] = libdevice.double2ll_ru(d[i])
        out[i, 6] = libdevice.float2int_rn(d[i])  # float2int takes a float32: d is rounded first
        out[i, 7] = libdevice.float_as_int(libdevice.int2float_rz(i * 16777215))


@cuda.jit("void(int32[:], int32[:], int64[:, :])")
def integer_intrinsics(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = libdevice.popc(x)
        out[i, 1] = libdevice.clz(x)
        out[i, 2] = libdevice.ffs(x)
        out[i, 3] = libdevice.brev(x)
        out[i, 4] = libdevice.byte_perm(x, y, 0x5140)
        out[i, 5] = libdevice.hadd(x, y)
        out[i, 6] = libdevice.mulhi(x, y)
        out[i, 7] = libdevice.umulhi(x, y)
        out[i, 8] = libdevice.mul24(x, y)
        out[i, 9] = libdevice.umax(x, y)
        out[i, 10] = libdevice.sad(x, y, 7)
        out[i, 11] = libdevice.popcll(libdevice.mul64hi(x, y) + 1)


@cuda.jit("void(float64[:], float64[:], float64[:], float64[:], int32[:])")
def pointer_results(x, frac, whole, mant, expo):
    i = cuda.grid(1)
    if i < x.size:
        f, w = libdevice.modf(x[i])
        frac[i] = f
        whole[i] = w
        m, e = libdevice.frexp(x[i])
        mant[i] = m
        expo[i] = e


@cuda.jit("void(float32[:], float32[:, :])")
def float32_math(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = libdevice.sinf(v)
        out[i, 1] = libdevice.fast_expf(v)  # __expf: a fast approximation on the GPU
        out[i, 2] = libdevice.normcdff(v)
        out[i, 3] = libdevice.erfinvf(v)
        s, c = libdevice.sincosf(v)
        out[i, 4] = s * s + c * c
        out[i, 5] = libdevice.half2float(libdevice.float2half_rn(v))
        out[i, 6] = libdevice.saturatef(v * 2.0)


@cuda.jit("void(float64[:], float64[:, :])")
def float64_math(x, out):
    i = cuda.grid(1)
    if i < x.size:
        w = x[i]
        out[i, 0] = libdevice.sinpi(w)
        out[i, 1] = libdevice.rsqrt(w)
        out[i, 2] = libdevice.erfcinv(w)
        out[i, 3] = libdevice.exp10(w)
        out[i, 4] = libdevice.hypot(w, 1.0)
        out[i, 5] = libdevice.cbrt(w)


if __name__ == "__main__":
    a = np.array([1.0, 1.0, -1.0, 0.1, 3.0], dtype=np.float64)
    b = np.array([2.0 ** -60, 3.0, 3.0, 0.2, -7.0], dtype=np.float64)
    out = np.zeros((a.size, 8), dtype=np.float64)
    rounding_modes[1, 32](a, b, out)
    for row in out:
        print("rounding:", " ".join(float(v).hex() for v in row))

    x = np.array([1.0, 0.1, -3.0], dtype=np.float32)
    y = np.array([2.0 ** -30, 3.0, 7.0], dtype=np.float32)
    d = np.array([1.0 / 3.0, -1e300, 0.1], dtype=np.float64)
    out32 = np.zeros((x.size, 6), dtype=np.float32)
    float32_rounding[1, 32](x, y, d, out32)
    for row in out32:
        print("float32:", " ".join(float(v).hex() for v in row))

    d = np.array([2.5, -2.5, 3.7, -0.2, 5e9, -5e9, np.nan, 16777217.0], dtype=np.float64)
    ints = np.zeros((d.size, 8), dtype=np.int64)
    conversions[1, 32](d, ints)
    for row in ints:
        print("conversions:", row.tolist())

    a = np.array([0, -1, 12345, -2147483648, 0x01234567], dtype=np.int32)
    b = np.array([5, 3, -7, -1, 0x7FFFFFFF], dtype=np.int32)
    ints = np.zeros((a.size, 12), dtype=np.int64)
    integer_intrinsics[1, 32](a, b, ints)
    for row in ints:
        print("integers:", row.tolist())

    x = np.array([2.75, -2.75, 0.0, 1024.5], dtype=np.float64)
    frac, whole, mant = (np.zeros_like(x) for _ in range(3))
    expo = np.zeros(x.size, dtype=np.int32)
    pointer_results[1, 32](x, frac, whole, mant, expo)
    print("modf:", frac.tolist(), whole.tolist())
    print("frexp:", mant.tolist(), expo.tolist())

    x32 = np.array([0.25, 0.5, 0.75], dtype=np.float32)
    out32 = np.zeros((3, 7), dtype=np.float32)
    float32_math[1, 32](x32, out32)
    for row in out32:
        print("math32:", " ".join(f"{v:.5g}" for v in row))
    x64 = np.array([0.25, 0.5, 0.75], dtype=np.float64)
    out64 = np.zeros((3, 6), dtype=np.float64)
    float64_math[1, 32](x64, out64)
    for row in out64:
        print("math64:", " ".join(f"{v:.12g}" for v in row))
