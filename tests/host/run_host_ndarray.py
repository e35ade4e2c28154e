#!/usr/bin/env python3
"""The host array library (runtime/include/py2cuda/host/) against NumPy 1.26, bit for bit.

    run_host_ndarray.py --source-dir REPO --python NUMPY_PYTHON [--build-dir DIR] [--keep]

Compiles tests/host/ndarray_cases.cpp with g++ (-std=c++20 -O1 -Wall -Wextra -Werror),
runs it, and compares every line it prints with the same case computed by NumPy in
--python (this script re-runs itself there with --numpy-side). Lines are
"NAME DTYPE SHAPE VALUE..." with floats as the hex of their bits, so equality is exact;
cases named "ulp:..." (C library transcendentals against NumPy's SIMD ones) may differ
by up to 4 ulps. Other arguments CMake passes (--py2cuda ...) are accepted and ignored.

Exit status: 0 all passed, 77 skipped (no --python, or its NumPy is not 1.x), 1 failed.
Prints "N passed, M failed" last.
"""
import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
SKIP = 77
ULP_TOLERANCE = 4
HERE = Path(__file__).resolve().parent


# ---- the NumPy side (runs under --python) ------------------------------------------

class Err:
    def __init__(self, exc):
        self.text = "ERR %s: %s" % (type(exc).__name__, exc)


def splitmix64(state):
    mask = (1 << 64) - 1
    state = (state + 0x9E3779B97F4A7C15) & mask
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return state, z ^ (z >> 31)


def numpy_cases():
    """(name, value) for every case of ndarray_cases.cpp, in its order."""
    import warnings

    import numpy as np

    warnings.simplefilter("ignore")
    nan, inf = float("nan"), float("inf")
    cases = []

    def out(name, value):  # a snapshot: later writes through a view must not change it
        cases.append((name, value.copy() if isinstance(value, np.ndarray) else value))

    def err(name, f):
        try:
            f()
            cases.append((name, "noerror"))
        except Exception as e:  # noqa: BLE001 - any NumPy exception is the expected value
            cases.append((name, Err(e)))

    def random_f64(seed, n):
        state, values = seed, []
        for _ in range(n):
            state, u = splitmix64(state)
            mantissa = ((u >> 11) % (1 << 20)) - (1 << 19)
            values.append(math.ldexp(mantissa, (u % 41) - 20))
        return np.array(values, dtype=np.float64)

    def random_i64(seed, n):
        state, values = seed, []
        for _ in range(n):
            state, u = splitmix64(state)
            values.append((u >> 12) - (1 << 51))
        return np.array(values, dtype=np.int64)

    # pairwise_sums
    sizes = list(range(301)) + [1000, 8191, 8192, 8193, 16385, 20000, 100000]
    for n in sizes:
        a = random_f64(n, n)
        f = a.astype(np.float32)
        out("sum_f64_%d" % n, np.sum(a))
        out("sum_f32_%d" % n, np.sum(f))
        if n % 7 == 3 or n >= 1000:
            out("mean_f64_%d" % n, np.mean(a))
            out("mean_f32_%d" % n, np.mean(f))
            out("var_f64_%d" % n, np.var(a))
            out("std_f32_%d" % n, np.std(f, ddof=1))
            out("sum_f32_as_f64_%d" % n, np.sum(f, dtype=np.float64))
    a = random_f64(7, 100000)
    f = a.astype(np.float32)
    out("sum_step3_f64", np.sum(a[::3]))
    out("sum_step3_f32", np.sum(f[::3]))
    out("sum_reversed_f64", np.sum(a[::-1]))
    out("sum_reversed_f32", np.sum(f[::-2]))
    for r, c in [(3, 5), (7, 130), (5, 300), (2, 9000), (130, 3), (250, 400)]:
        tag = "%dx%d" % (r, c)
        m64 = a[: r * c].reshape(r, c)
        m = m64.astype(np.float32)
        out("sum2d_" + tag, np.sum(m))
        out("sum2d_T_" + tag, np.sum(m.T))
        out("sum2d_ax0_" + tag, np.sum(m, axis=0))
        out("sum2d_ax1_" + tag, np.sum(m, axis=1))
        out("sum2d_T_ax0_" + tag, np.sum(m.T, axis=0))
        out("sum2d_T_ax1_" + tag, np.sum(m.T, axis=1))
        out("sum2d_f64_ax1_" + tag, np.sum(m64, axis=1))
        out("sum2d_f64_ax0_" + tag, np.sum(m64, axis=-2))
        sliced = m[:, : c - 1]
        out("sum2d_sliced_" + tag, np.sum(sliced))
        out("sum2d_sliced_as_f64_" + tag, np.sum(sliced, dtype=np.float64))
        out("mean2d_ax0_" + tag, np.mean(m, axis=0))
        out("mean2d_ax1_" + tag, np.mean(m, axis=1))
        out("var2d_ax0_" + tag, np.var(m, axis=0))
        out("std2d_ax1_" + tag, np.std(m64, axis=1, ddof=1))
        out("var2d_T_" + tag, np.var(m.T))
        out("max2d_ax0_" + tag, np.max(m, axis=0))
        out("min2d_ax1_" + tag, np.min(m, axis=1))
        out("argmax2d_ax0_" + tag, np.argmax(m, axis=0))
        out("argmin2d_ax1_" + tag, np.argmin(m, axis=1))
    cube = f[: 4 * 50 * 300].reshape(4, 50, 300)
    out("sum3d", np.sum(cube))
    out("sum3d_ax0", np.sum(cube, axis=0))
    out("sum3d_ax1", np.sum(cube, axis=1))
    out("sum3d_ax2", np.sum(cube, axis=2))
    out("mean3d_ax2", np.mean(cube, axis=-1))
    out("sum3d_T", np.sum(cube.T))
    big = f[: 300 * 300].reshape(300, 300)
    out("sum2d_rows_reversed", np.sum(big[::-1]))
    out("sum2d_cols_reversed", np.sum(big[:, ::-1]))
    out("sum2d_step2_ax1", np.sum(big[:, ::2], axis=1))
    out("sum2d_step2_ax0", np.sum(big[:, ::2], axis=0))
    out("sum2d_rows_reversed_ax1", np.sum(big[::-1], axis=1))
    out("sum2d_cols_reversed_ax1", np.sum(big[:, ::-1], axis=1))
    out("mean2d_T", np.mean(big.T))
    out("var2d_step2", np.var(big[:, ::2]))
    out("sum1d_step2_as_f64", np.sum(f[::2], dtype=np.float64))
    for n in (5, 1000, 8193, 100000):
        i = random_i64(n + 1, n)
        out("mean_i64_%d" % n, np.mean(i))
        out("var_i64_%d" % n, np.var(i, ddof=1))
        out("sum_i64_%d" % n, np.sum(i))
        out("mean_i32_%d" % n, np.mean(i.astype(np.int32)))
    i2 = random_i64(3, 3 * 9000).reshape(3, 9000)
    out("mean_i64_ax1", np.mean(i2, axis=1))
    out("mean_i64_ax0", np.mean(i2, axis=0))
    out("sum_bool", np.sum(a > 0.0))
    out("sum_u8", np.sum(a[:1000].astype(np.uint8)))

    # linspace_arange
    k = 0
    for start in (0, -1, 0.1, 1e-3, -7.25, 3):
        for stop in (1, 10, 1.0 / 3, 1e9, -2):
            for num in (0, 1, 2, 5, 7, 50, 101):
                for endpoint in (True, False):
                    tag = str(k)
                    k += 1
                    # The C++ side passes doubles, as the translator passes a Python float.
                    s, e = float(start), float(stop)
                    out("linspace_f64_" + tag, np.linspace(s, e, num, endpoint=endpoint))
                    out("linspace_f32_" + tag, np.linspace(s, e, num, endpoint=endpoint, dtype=np.float32))
                    out("linspace_i64_" + tag, np.linspace(s, e, num, endpoint=endpoint, dtype=np.int64))
    out("linspace_zero_step", np.linspace(0.0, 5e-324, 10))
    out("linspace_equal", np.linspace(1.0, 1.0, 5))
    out("linspace_default", np.linspace(2, 3))
    err("linspace_negative", lambda: np.linspace(0, 1, -1))
    f_args = [(0, 10, 1), (0, 1, 0.1), (0.1, 20, 0.3), (-5, 5, 0.7), (10, 0, -3), (1, 2, 0.05), (5, 1, 1),
              (1e8, 1e8 + 100, 0.5), (-1, 1, 1.0 / 3), (0, 100, 0.01), (3, -3, -0.25), (0.5, 0.5, 1)]
    for k, t in enumerate(f_args):
        t = tuple(float(x) for x in t)
        out("arange_f64_%d" % k, np.arange(*t, dtype=np.float64))
        out("arange_f32_%d" % k, np.arange(*t, dtype=np.float32))
    i_args = [(0, 10, 1), (0, 10, 3), (10, 0, -3), (-7, 7, 2), (5, 1, 1), (0, 1000, 7), (3, 4, 5)]
    for k, t in enumerate(i_args):
        out("arange_i64_%d" % k, np.arange(*t, dtype=np.int64))
        out("arange_i32_%d" % k, np.arange(*t, dtype=np.int32))
        out("arange_fi_%d" % k, np.arange(*t, dtype=np.float64))
    out("arange_stop", np.arange(6, dtype=np.int64))
    out("arange_float_stop", np.arange(2.5, dtype=np.float64))
    out("arange_start_stop", np.arange(1, 4, dtype=np.float32))
    err("arange_zero_step", lambda: np.arange(0, 10, 0, dtype=np.float64))
    out("zeros", np.zeros((2, 3)))
    out("ones_i32", np.ones(4, dtype=np.int32))
    out("full_f32", np.full((2, 2), 0.1, dtype=np.float32))
    out("full_like", np.full_like(np.zeros(3, np.int16), 7))
    out("ones_like_f", np.ones_like(np.zeros(3, np.int16), dtype=np.float32))
    out("eye3", np.eye(3))
    out("eye_3_4_k1", np.eye(3, 4, k=1, dtype=np.int64))
    out("eye_4_3_km2", np.eye(4, 3, k=-2, dtype=np.int64))
    out("array2d", np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float64))
    out("array3d", np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], dtype=np.int32))
    err("zeros_negative", lambda: np.zeros((2, -1)))
    r1, r2 = np.arange(6), np.arange(10, 13)
    out("concatenate", np.concatenate([r1, r2]))
    m1, m2 = np.arange(6).reshape(2, 3), np.arange(100, 109).reshape(3, 3)
    out("concatenate_ax0", np.concatenate([m1, m2], axis=0))
    out("concatenate_ax1", np.concatenate([m1.T, m2], axis=1))
    err("concatenate_bad", lambda: np.concatenate([m1, m2], axis=1))
    out("stack0", np.stack([r2, r2], axis=0))
    out("stack1", np.stack([r2, np.arange(3)], axis=1))
    out("vstack", np.vstack([r2, r2]))
    out("hstack", np.hstack([r1, r2]))

    # views_and_shapes
    a = np.arange(20).reshape(4, 5)
    alias = a
    a[1:3, ::2] = 70
    out("assign_slice", alias.copy())
    a[0] = np.arange(100, 105)
    out("assign_row", a.copy())
    a[:, 4] = np.full(4, 9.9)
    out("assign_col_cast", a.copy())
    a[2:] = np.arange(5).reshape(1, 5)
    out("assign_broadcast_rows", a.copy())
    r = np.arange(10)
    r[1:] = r[:-1]
    out("assign_overlap", r)
    out("view_neg_step", a[::-1, 2])
    out("view_neg_index", a[-1])
    out("view_big_bounds", a[-100:100, 3:-100:-1])
    out("view_empty", a[3:1])
    out("elem_neg", a[-1, -2])
    c = a.copy()
    a[...] = 0
    out("copy_is_deep", c)
    out("copy_original", a)
    err("index_oob", lambda: r[10])
    err("index_oob_neg", lambda: r[-11])
    err("index_oob_axis1", lambda: c[0, 5])
    err("view_index_oob", lambda: c[4])
    err("slice_step_zero", lambda: c[::0])

    def assign_bad():
        c[0:2] = np.arange(4)
    err("assign_bad", assign_bad)
    b = np.arange(12.0)
    out("reshape_infer", b.reshape(2, -1, 3))
    out("transpose", b.reshape(3, 4).T)
    out("transpose_reshape", b.reshape(3, 4).T.reshape(2, 6))
    out("ravel_T", b.reshape(3, 4).T.ravel())
    out("flatten", b.reshape(3, 4).flatten())
    err("reshape_bad", lambda: b.reshape(5))
    err("reshape_two_unknown", lambda: b.reshape(-1, -1))
    v = b.reshape(3, 4)
    v[1, 1] = -1
    out("reshape_is_view", b)
    g = np.arange(12.0).reshape(3, 4)
    gv = g.T.reshape(2, 2, 3)
    gv[1, 0, 2] = -7
    gc = g[:, 1].reshape(3, 1)
    gc[2, 0] = -9
    gcopy = g.T.reshape(12)
    gcopy[0] = -11
    gr = g[0, ::2].ravel()
    gr[0] = -13
    out("reshape_view_writes", g)
    out("reshape_T_values", gv)
    out("reshape_T_flat", gcopy)
    specials = np.array([nan, inf, -inf, 1e20, -1e20, 300.7, -1.5, 3e9, -3e9, 4e9,
                         9223372036854775808.0, 18446744073709551616.0, -0.0, 0.5, 255.9])
    for name, t in [("i8", np.int8), ("i16", np.int16), ("i32", np.int32), ("i64", np.int64), ("u8", np.uint8),
                    ("u16", np.uint16), ("u32", np.uint32), ("u64", np.uint64), ("bool", np.bool_),
                    ("f32", np.float32)]:
        out("astype_" + name, specials.astype(t))
    out("astype_f32_i32", specials.astype(np.float32).astype(np.int32))
    out("astype_wrap", np.arange(-300, 300, 37).astype(np.int8))
    out("astype_u_to_f", np.arange(-3, 3).astype(np.uint64).astype(np.float64))
    out("astype_f64_f32_round", np.linspace(0, 1, 11).astype(np.float32))

    # elementwise
    col = np.arange(3.0).reshape(3, 1)
    row = np.arange(4, dtype=np.float32)
    out("bcast_3x1_4", col + row)
    out("bcast_3d", np.arange(6.0).reshape(2, 1, 3) * np.arange(4.0).reshape(4, 1))
    out("bcast_scalar_left", 2.5 - row)
    out("int8_wrap", np.arange(120, 128).astype(np.int8) + np.int8(10))
    out("int64_mul_wrap", np.array([2**63 - 1, -2**63, 3]) * 3)
    err("bcast_error", lambda: np.arange(3.0) + np.arange(4.0))
    err("bcast_error_2d", lambda: col + np.zeros((2, 2)))
    err("where_error", lambda: np.where(np.arange(3.0), np.arange(4.0), 1.0))
    ia = np.array([7, -7, 7, -7, 0, 5, -2**63, -2**63, 3, -3])
    ib = np.array([2, 2, -2, -2, 3, 0, -1, 1, 0, 5])
    out("floordiv_i64", ia // ib)
    out("remainder_i64", ia % ib)
    out("floordiv_i8", ia.astype(np.int8) // ib.astype(np.int8))
    out("floordiv_u8", ia.astype(np.uint8) // ib.astype(np.uint8))
    out("remainder_u32", ia.astype(np.uint32) % ib.astype(np.uint32))
    fa = np.array([7, -7, 7, -7, 0, 5, -0.0, inf, 5, nan, 1e308, 0.3, -5, 1, -1])
    fb = np.array([2, 2, -2, -2, 3, 0, 3, 3, inf, 2, 1e-308, 0.1, inf, -0.0, 0.0])
    out("floordiv_f64", fa // fb)
    out("remainder_f64", fa % fb)
    out("floordiv_f32", fa.astype(np.float32) // fb.astype(np.float32))
    out("remainder_f32", fa.astype(np.float32) % fb.astype(np.float32))
    out("true_divide_int", ia / ib)
    out("power_i64", np.array([2, 3, -2, 0, 1, 7, -1]) ** np.array([10, 40, 3, 0, 99, 0, 7]))
    out("power_i8", np.array([2, 3, -2], dtype=np.int8) ** np.int8(9))
    err("power_negative", lambda: np.array([2, 3]) ** np.int64(-1))
    out("ulp:power_f64", np.array([2, 2.5, -8, 0, nan, 1, 4]) ** np.array([10, 0.5, 1.0 / 3, -1, 0, nan, 0.5]))
    mx = np.array([1, nan, 3, nan, -0.0, 0.0, 2])
    my = np.array([2, 1, nan, nan, 0.0, -0.0, 2])
    out("maximum", np.maximum(mx, my))
    out("minimum", np.minimum(mx, my))
    out("fmax", np.fmax(mx, my))
    out("fmin", np.fmin(mx, my))
    out("maximum_int", np.maximum(np.arange(5, dtype=np.int32), np.int32(2)))
    out("clip", np.clip(np.array([-5, 0.5, 5, nan, 1]), 0.0, 1.0))
    out("clip_int", np.clip(np.arange(-3, 8), 0, 4))
    out("where", np.where(row > 1.5, row, col))
    ca = np.array([1, 2, nan, 3, -0.0])
    cb = np.array([1, 3, nan, 2, 0.0])
    out("less", ca < cb)
    out("less_equal", ca <= cb)
    out("greater", ca > cb)
    out("greater_equal", ca >= cb)
    out("equal", ca == cb)
    out("not_equal", ca != cb)
    out("logical_and", np.logical_and(ca, cb))
    out("logical_or", np.logical_or(np.array([0, 0, 3]), np.array([0, 0.5, 0])))
    out("logical_not", np.logical_not(ca))
    out("logical_xor", np.logical_xor(ca, 0.0))
    ba = np.array([-8, 5, 12, 1, -1, 255], dtype=np.int32)
    six = np.int32(6)
    out("bitwise_and", ba & six)
    out("bitwise_or", ba | six)
    out("bitwise_xor", ba ^ six)
    out("invert", ~ba)
    out("invert_bool", ~np.array([True, False]))
    shifts = np.array([1, 31, 32, 40, 0, 3], dtype=np.int32)
    out("left_shift", ba << shifts)
    out("right_shift", ba >> shifts)
    out("right_shift_u8", ba.astype(np.uint8) >> np.uint8(9))
    ua = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -0.0, 3.7, -3.7, inf, nan, 1e300])
    out("negative", -ua)
    out("absolute", np.abs(ua))
    out("absolute_int", np.abs(np.array([-3, -2**63, 4])))
    out("negative_int8", -np.array([-128, 5, 0], dtype=np.int8))
    out("sqrt", np.sqrt(ua))
    out("sqrt_f32", np.sqrt(ua.astype(np.float32)))
    out("floor", np.floor(ua))
    out("ceil", np.ceil(ua))
    out("trunc", np.trunc(ua))
    out("rint", np.rint(ua))
    out("rint_f32", np.rint(ua.astype(np.float32)))
    out("square_int", np.square(np.arange(-3, 3)))
    out("sqrt_int", np.sqrt(np.arange(10)))
    t = np.linspace(-10, 10, 97)
    tp = np.linspace(0.001, 50, 97)
    out("ulp:exp", np.exp(t))
    out("ulp:log", np.log(tp))
    out("ulp:log10", np.log10(tp))
    out("ulp:sin", np.sin(t))
    out("ulp:cos", np.cos(t))
    out("ulp:tan", np.tan(t))
    out("ulp:arctan2", np.arctan2(t, t[::-1]))
    out("ulp:hypot", np.hypot(t, tp))
    out("ulp:exp_f32", np.exp(t.astype(np.float32)))
    out("ulp:sin_f32", np.sin(t.astype(np.float32)))
    out("ulp:log_f32", np.log(tp.astype(np.float32)))
    out("isnan", np.isnan(ua))
    out("isinf", np.isinf(ua))
    out("isfinite", np.isfinite(ua))
    acc = np.arange(6.0)
    acc += 0.5
    acc *= np.arange(6.0)
    acc /= 4
    out("inplace_f64", acc)
    iacc = np.arange(6, dtype=np.int32).reshape(2, 3)
    iacc += np.array([10, 20, 30], dtype=np.int32)
    iacc //= np.int32(4)
    iacc <<= np.int32(2)
    out("inplace_i32", iacc)

    tenths = np.linspace(0, 1, 11).astype(np.float32)
    out("less_f32_scalar_default", tenths < 0.1)
    out("equal_f32_scalar_default", tenths == 0.3)
    out("equal_f32_f64_default", tenths == np.linspace(0, 1, 11))
    out("greater_int_float_default", np.arange(5) > 2.5)
    f32acc = np.linspace(0, 1, 7).astype(np.float32)
    f32acc += 0.1
    out("inplace_f32_scalar", f32acc)
    f32acc *= np.linspace(1, 2, 7)
    out("inplace_f32_f64_array", f32acc)

    def inplace_bad():
        z = np.zeros((1, 3))
        z += np.zeros((2, 3))
    err("inplace_bad", inplace_bad)
    out("device_roundtrip", np.arange(12, dtype=np.float32).reshape(3, 4).T)
    out("device_copy_to_view", np.arange(12, dtype=np.float32).reshape(3, 4).T)
    out("map2", np.arange(4.0) * 10 + 3.0)

    # reductions
    a = np.array([3, -1, 4, 1, -5, 9, 2, 6, -5, 3], dtype=np.float64)
    m = a.reshape(2, 5)
    n = np.array([1, nan, 3, nan])
    i = np.array([3, -1, 4, 1, -5, 9, 2, 6, -5, 3], dtype=np.int32)
    im = i.reshape(5, 2)
    out("prod", np.prod(a))
    out("prod_int", np.prod(i))
    out("prod_u8", np.prod(i.astype(np.uint8)))
    out("sum_int32", np.sum(i))
    out("sum_int_ax0", np.sum(im, axis=0))
    out("sum_int_ax1", np.sum(im, axis=1))
    out("mean_int", np.mean(i))
    out("mean_int_ax1", np.mean(im, axis=1))
    out("var_int", np.var(i))
    out("std_int_ddof1", np.std(i, ddof=1))
    out("var_ddof_all", np.var(a, ddof=10))
    out("var_ax1_int", np.var(im, axis=1))
    out("min", np.min(a))
    out("max", np.max(a))
    out("min_nan", np.min(n))
    out("max_nan", np.max(n))
    out("max_int", np.max(i))
    out("min_ax1", np.min(m, axis=1))
    out("max_ax0_int", np.max(im, axis=0))
    negzero = np.full((2, 2), -0.0)
    out("sum_negzero", np.sum(negzero))
    out("sum_negzero_ax0", np.sum(negzero, axis=0))
    out("sum_negzero_ax1", np.sum(negzero, axis=1))
    out("cumsum_negzero", np.cumsum(negzero))
    out("prod_negzero", np.prod(negzero[0]))
    out("max_negzero", np.max(np.array([0.0, -0.0])))
    err("min_empty", lambda: np.min(np.zeros(0)))
    err("max_empty_axis", lambda: np.max(np.zeros((0, 3)), axis=0))
    err("argmax_empty", lambda: np.argmax(np.zeros(0)))
    out("argmin", np.argmin(a))
    out("argmax", np.argmax(a))
    out("argmax_nan", np.argmax(n))
    out("argmin_nan", np.argmin(n))
    out("argmax_T", np.argmax(m.T))
    out("argmin_ax0", np.argmin(m, axis=0))
    out("argmax_ax1", np.argmax(m, axis=1))
    out("all", np.all(a))
    out("any", np.any(np.zeros(3)))
    out("all_nan", np.all(n))
    out("all_empty", np.all(np.zeros(0)))
    out("count_nonzero", np.int64(np.count_nonzero(np.array([0, 1, nan, -0.0, 2]))))
    out("cumsum", np.cumsum(a))
    out("cumsum_int8", np.cumsum(np.arange(100, 110).astype(np.int8)))
    out("cumsum_2d", np.cumsum(m))
    out("cumsum_ax0", np.cumsum(m, axis=0))
    out("cumsum_ax1", np.cumsum(m, axis=1))
    out("trace", np.trace(np.arange(12, dtype=np.int32).reshape(3, 4)))
    out("trace_f", np.trace(random_f64(5, 40000).astype(np.float32).reshape(200, 200)))
    out("dot_int", np.dot(i, i))
    out("dot_2d_int", np.dot(np.arange(6).reshape(2, 3), np.arange(12).reshape(3, 4)))
    out("dot_2d_1d", np.dot(np.arange(6).reshape(2, 3), np.arange(3)))
    out("dot_1d_2d", np.arange(2) @ np.arange(6).reshape(2, 3))
    out("dot_small_f64", np.dot(np.array([1.5, 2, -3]), np.array([4, 0.25, 2])))
    err("dot_bad", lambda: np.dot(np.arange(3), np.arange(4)))
    xa = np.array([1, 1, nan, nan, inf, inf, -inf, 0, 1e-9, 1e10, 1e10, 0, 1, 1])
    xb = np.array([1 + 1e-6, 1 + 1e-4, nan, 1, inf, -inf, -inf, 1e-8, 0, 1.00001e10, 1.0001e10, 2e-8, 1.00001,
                   1.0000101])
    out("isclose", np.isclose(xa, xb))
    out("isclose_equal_nan", np.isclose(xa, xb, 1e-5, 1e-8, True))
    out("isclose_tol", np.isclose(xa, xb, 1e-3, 0.0))
    out("isclose_f32", np.isclose(xa.astype(np.float32), xb.astype(np.float32)))
    out("isclose_int", np.isclose(np.arange(5), np.array([0, 1.000001, 2.1, 3, 4])))
    out("isclose_bcast", np.isclose(np.arange(4.0).reshape(4, 1), 2.0))
    out("allclose", np.allclose(xa[0:1], xb[0:1]))
    out("allclose_nan", np.allclose(n, n))
    out("allclose_nan_eq", np.allclose(n, n, 1e-5, 1e-8, True))
    out("array_equal", np.array_equal(a, a.copy()))
    out("array_equal_shape", np.array_equal(a, m))
    out("array_equal_nan", np.array_equal(n, n))
    out("array_equal_nan_eq", np.array_equal(n, n, equal_nan=True))
    out("array_equal_int_float", np.array_equal(i, a))
    return cases


def format_case(name, value):
    import numpy as np

    if isinstance(value, Err):
        return "%s %s" % (name, value.text)
    if isinstance(value, str):
        return "%s %s" % (name, value)
    arr = np.asarray(value)
    shape = "x".join(str(d) for d in arr.shape) if arr.ndim else "()"
    flat = arr.reshape(-1)
    if arr.dtype == np.float64:
        values = ["%016x" % v for v in flat.view(np.uint64).tolist()]
    elif arr.dtype == np.float32:
        values = ["%08x" % v for v in flat.view(np.uint32).tolist()]
    elif arr.dtype == np.bool_:
        values = ["1" if v else "0" for v in flat.tolist()]
    else:
        values = [str(int(v)) for v in flat.tolist()]
    return " ".join([name, arr.dtype.name, shape] + values)


def numpy_side():
    try:
        import numpy as np
    except ImportError:
        print("no numpy in this interpreter")
        return SKIP
    if not np.__version__.startswith("1."):
        print("numpy %s is not 1.x" % np.__version__)
        return SKIP
    for name, value in numpy_cases():
        print(format_case(name, value))
    return 0


# ---- comparison (runs under any python3) ---------------------------------------------

def ulps_apart(x_hex, y_hex, width):
    """Distance in units in the last place of two floats given as bit patterns."""
    x, y = int(x_hex, 16), int(y_hex, 16)
    sign = 1 << (width - 1)
    nan_exp = (1 << 11) - 1 if width == 64 else (1 << 8) - 1
    shift = 52 if width == 64 else 23
    mant_mask = (1 << shift) - 1

    def is_nan(v):
        return ((v >> shift) & nan_exp) == nan_exp and (v & mant_mask) != 0

    if is_nan(x) or is_nan(y):
        return 0 if is_nan(x) and is_nan(y) else float("inf")

    def ordered(v):  # monotonic integer for the float
        return -(v & ~sign) if v & sign else v
    return abs(ordered(x) - ordered(y))


def lines_match(got, want):
    if got == want:
        return True
    g, w = got.split(), want.split()
    if not g or not g[0].startswith("ulp:") or len(g) != len(w) or g[:3] != w[:3]:
        return False
    width = {"float64": 64, "float32": 32}.get(g[1])
    if width is None:
        return False
    return all(ulps_apart(x, y, width) <= ULP_TOLERANCE for x, y in zip(g[3:], w[3:]))


def shorten(line, limit=300):
    return line if len(line) <= limit else line[:limit] + " ..."


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", default=str(HERE.parent.parent))
    parser.add_argument("--python", default=None)
    parser.add_argument("--build-dir", default=None)
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    parser.add_argument("--numpy-side", action="store_true", help=argparse.SUPPRESS)
    args, _unknown = parser.parse_known_args()
    if args.numpy_side:
        return numpy_side()
    if not args.python:
        print("skipped: no --python (a NumPy 1.x interpreter) given")
        print("0 passed, 0 failed")
        return SKIP
    gxx = shutil.which("g++")
    if not gxx:
        print("skipped: no g++")
        print("0 passed, 0 failed")
        return SKIP

    source = Path(args.source_dir).resolve()
    scratch = Path(tempfile.mkdtemp(prefix="host_ndarray_"))
    try:
        # The NumPy side first: it decides whether this test runs at all.
        expected = subprocess.run([args.python, str(Path(__file__).resolve()), "--numpy-side"],
                                  capture_output=True, text=True)
        if expected.returncode == SKIP:
            print("skipped: " + expected.stdout.strip())
            print("0 passed, 0 failed")
            return SKIP
        if expected.returncode != 0:
            print("the NumPy side failed:\n" + expected.stderr)
            print("0 passed, 1 failed")
            return 1
        exe = scratch / "ndarray_cases"
        compile_cmd = [gxx, "-std=c++20", "-O1", "-Wall", "-Wextra", "-Werror", "-I" + str(source / "runtime/include"),
                       str(source / "tests/host/ndarray_cases.cpp"), "-o", str(exe)]
        built = subprocess.run(compile_cmd, capture_output=True, text=True)
        if built.returncode != 0:
            print("FAIL compile: " + " ".join(compile_cmd) + "\n" + built.stderr[-6000:])
            print("0 passed, 1 failed")
            return 1
        ran = subprocess.run([str(exe)], capture_output=True, text=True)
        if ran.returncode != 0:
            print("FAIL ndarray_cases exited %d\n%s" % (ran.returncode, ran.stderr[-3000:]))
            print("0 passed, 1 failed")
            return 1

        want = [line for line in expected.stdout.splitlines() if line]
        got = {line.split(" ", 1)[0]: line for line in ran.stdout.splitlines() if line}
        passed = failed = 0
        for line in want:
            name = line.split(" ", 1)[0]
            have = got.pop(name, None)
            if have is not None and lines_match(have, line):
                passed += 1
                continue
            failed += 1
            print("FAIL %s\n  numpy: %s\n  c++:   %s" % (name, shorten(line), shorten(have or "(missing)")))
        for name in got:  # a C++ case without a NumPy counterpart is a mistake in the test
            failed += 1
            print("FAIL %s: no NumPy counterpart" % name)
        print("%d passed, %d failed" % (passed, failed))
        return 0 if failed == 0 else 1
    finally:
        if args.keep:
            print("kept " + str(scratch))
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
