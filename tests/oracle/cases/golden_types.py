"""Oracle cases for the golden inputs about types and arithmetic (tests/golden/*.py, part 1).

These kernels exist to show Numba's typing rules, which is where the simulator (NumPy's rules
on NumPy scalars, Python's math and min/max) is least faithful. Where it differs for a case's
inputs, the expected values are computed here from first principles, in plain Python, by a
small model of what compiled Numba computes; each says why. Inputs for those cases are explicit
lists (prand), so the models can see them. Everything else is the simulator's result.
"""
import math

from spec import (INF, NAN, Case, Kernel, Tol, arange, cycle, full, integers, out, scalar,
                  uniform, values)
from cases.common import differing, elementwise, f16, f32, gpu_float_to_int, i64, prand, prand_ints, wrap

# NumPy's weak-scalar rule (NEP 50) in one sentence, used by many reasons below.
NUMPY_NARROW = ("the simulator computes on NumPy scalars, which keep the narrow type "
                "(NumPy's weak-scalar rule), where Numba widens")

# ---- scalar_promotion.py ---------------------------------------------------------------------


def promote_case(label, i8, i16, i32, u8, u32, flags, f32s):
    x = [f32(v) for v in f32s]
    return Case(label, grid=1, block=1,
                args=[values("int8", i8), values("int16", i16), values("int32", i32),
                      values("uint8", u8), values("uint32", u32), values("bool", flags),
                      values("float32", x), out("int64", 5), out("uint64", 1), out("float64", 6)],
                override={"ints": {0: i8[0] + i8[1], 1: i16[0] * i16[1], 3: int(flags[0]) + int(flags[1]),
                                   4: u32[0] * 2},
                          "uints": {0: u32[0] + u32[1]},
                          "floats": {0: x[0] * 0.1}},
                why=(f"{NUMPY_NARROW}: int8 + int8, int16 * int16, uint32 * 2 and uint32 + uint32 "
                     "are 64-bit in Numba, bool + bool is the int 2 (NumPy: logical or), and "
                     "float32 * 0.1 is float64"))


PROMOTION = [
    Kernel("promote", [
        promote_case("sample", [127, 127], [30001, 3], [30001], [100], [4000000000, 500000000],
                     [True, True], [0.7, 0.3]),
        promote_case("other", [-128, -1], [-32768, 32767], [-2147483648], [255],
                     [4294967295, 4294967295], [True, False], [3.4e38, -1.5]),
    ]),
]

# ---- integer_literals.py / integer_literal_atomics.py ----------------------------------------


def wrap_int64(v):
    return (v + 2**63) % 2**64 - 2**63


# From first principles: the simulator's Python ints overflow the int64 store at 1 << 63.
LITERALS = [
    Kernel("literal_contexts", [
        Case("sample", grid=2, block=32, args=[out("int64", 64), out("int64", 8)],
             expect={"shifted": values("int64", [wrap_int64(1 << (i % 64)) for i in range(64)]),
                     "misc": values("int64", [32, 3000000000, 2147483648, 32, -8589934592, -2,
                                              1099511627776, 5 << 31])},
             why="int64 literals: 1 << 63 wraps to -2**63 in int64, which the simulator cannot store"),
    ]),
]

LITERAL_ATOMICS = [
    Kernel("set_bits", [
        Case("sample", grid=2, block=32, args=[full("int64", 1, 0), full("int64", 2, 0)]),
        Case("more threads", grid=3, block=64, args=[full("int64", 1, 0), full("int64", 2, 0)]),
    ]),
]


# ---- int_division_modulo.py ------------------------------------------------------------------

INT32_MIN = -2147483648


def floordiv_case(label, a, b, block=16):
    n = len(a)
    # Numba computes int32 // int32 in int64: only INT32_MIN // -1 differs from NumPy's int32.
    wrong = [k for k in range(n) if a[k] == INT32_MIN and b[k] == -1]
    return Case(label, grid=-(-n // block), block=block,
                args=[values("int32", a), values("int32", b), out("int64", n), out("int64", n)],
                override={"quotient": {k: -INT32_MIN for k in wrong},
                          "remainder": {k: 0 for k in wrong}} if wrong else {},
                why=("int32 // int32 is computed in int64 by Numba: -2147483648 // -1 is "
                     "2147483648; NumPy's int32 overflows") if wrong else "")


FLOAT_FLOORDIV_X = [7.5, -7.5, 7.5, -7.5, 1.0, -1.0, 0.0, 6.25]
FLOAT_FLOORDIV_Y = [2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 5.0, -0.5]


def float_floordiv_kernel(name, dtype, huge, tiny, seeds):
    return Kernel(name, [
        Case("sample", grid=1, block=16,
             args=[values(dtype, FLOAT_FLOORDIV_X), values(dtype, FLOAT_FLOORDIV_Y),
                   out(dtype, 8), out(dtype, 8)]),
        # NumPy's float // and % use CPython's fmod-based algorithm, as Numba does: exact.
        # (Divisors are finite: x % inf is NaN on a GPU, whose frem differs from fmod there.)
        Case("size=1000", grid=8, block=128,
             args=[uniform(dtype, 1000, -1e3, 1e3, seed=seeds[0]).at({0: -0.0, 1: INF, 2: NAN, 3: huge}),
                   uniform(dtype, 1000, -10.0, 10.0, seed=seeds[1]).at({4: 0.0, 5: -0.0, 3: tiny}),
                   out(dtype, 1000), out(dtype, 1000)]),
    ])


DIVISION = [
    Kernel("int_floordiv", [
        floordiv_case("sample", [7, -7, 7, -7, 6, -6, 0, 7, INT32_MIN, 2147483647],
                      [2, 2, -2, -2, 3, 3, 5, 0, -1, -1]),
        # Random operands over the whole int32 range, with zero and -1 divisors mixed in.
        # Random operands over the whole int32 range; small divisors, so 0 and -1 occur.
        floordiv_case("size=37",
                      [INT32_MIN, INT32_MIN, 2147483647] + prand_ints(34, INT32_MIN, 2147483647, 31),
                      [-1, 0, -1] + prand_ints(34, -9, 9, 32), block=32),
        floordiv_case("size=1000", prand_ints(1000, -1000, 1000, 33), prand_ints(1000, -9, 9, 34),
                      block=128),
    ]),
    Kernel("mixed_width", [
        Case(f"small={v}", grid=1, block=1, args=[values("int8", [v]), out("int64", 3)])
        for v in (-128, 127, -1, 0, 5)
    ]),
    float_floordiv_kernel("float_floordiv", "float64", huge=1e308, tiny=1e-308, seeds=(35, 36)),
    # Both halves of array elements: one fmod, py2cuda::divmod declared before the first statement.
    float_floordiv_kernel("float32_floordiv", "float32", huge=3e38, tiny=1e-38, seeds=(37, 38)),
]

# ---- power.py --------------------------------------------------------------------------------


def int_power_case(label, base, exponent, block=16):
    # numba-cuda returns int ** int through a float64 (`1.0 / r if invert else r`), so results
    # beyond 2**53 are rounded; the simulator's Python ints are exact.
    exact = [int(b) ** int(e) if e >= 0 else (b if abs(b) == 1 and e % 2 else 1 if abs(b) == 1 else 0)
             for b, e in zip(base, exponent)]
    rounded = {k: int(float(v)) for k, v in enumerate(exact) if int(float(v)) != v}
    n = len(base)
    return Case(label, grid=-(-n // block), block=block,
                args=[values("int64", base), values("int64", exponent), out("int64", n)],
                override={"out": rounded} if rounded else {},
                why=("int ** int passes through float64 in numba-cuda: results beyond 2**53 are "
                     "rounded to the nearest double (3 ** 39 = ...267 becomes ...256)") if rounded else "")


POW_BASES = prand_ints(37, -9, 9, 37)
POW_EXPONENTS = [-(e % 5) - 1 if k % 4 == 0 and POW_BASES[k] != 0 else e
                 for k, e in enumerate(prand_ints(37, 0, 19, 38))]

POWER = [
    Kernel("int_power", [
        int_power_case("sample", [3, 2, -2, -3, 2, -1, -1, 1, 0, 7, 10, 3],
                       [4, 62, 63, 3, -1, -3, -4, -7, 0, 0, 18, 39]),
        # |base| <= 9 and exponent <= 19 stay below 2**63; every fourth exponent is negative
        # (0 unless the base is +-1; never with base 0, which raises in Python).
        int_power_case("size=37", POW_BASES, POW_EXPONENTS, block=32),
    ]),
    Kernel("float_power", [
        Case("sample", grid=1, block=1,
             args=[values("float32", [1.5, 2.0]), values("float64", [2.25, -8.0, 1.0 / 3.0]),
                   values("int32", [4]), out("float32", 4), out("float64", 5)],
             override={"out64": {0: 2.0 ** 0.5}},
             why=("float32 ** 0.5 is float32 ** float64, a float64 pow in Numba; NumPy keeps "
                  "float32 ** python-float in float32")),
        Case("other", grid=1, block=1,
             args=[values("float32", [-1.25, 0.5625]), values("float64", [4.0, 2.0, 0.5]),
                   values("int32", [-3]), out("float32", 4), out("float64", 5)]),
    ]),
]

# ---- numpy_scalar_casts.py -------------------------------------------------------------------


def casts_case(label, xs, ds, ns, block=8):
    x = [f32(v) for v in xs]
    n = len(x)
    # x * 0.1 and x * 1000 are float32 * float64 / int64 literal: float64 in Numba.
    return Case(label, grid=-(-n // block), block=block,
                args=[values("float32", x), values("float64", ds), values("int64", ns),
                      out("float64", (n, 4)), out("int64", (n, 3))],
                override={"floats": {(k, 1): x[k] * 0.1 for k in range(n)},
                          "ints": {(k, 1): math.trunc(x[k] * 1000) for k in range(n)}},
                why=(f"{NUMPY_NARROW}: float32 * 0.1 and float32 * 1000 are float64 products in "
                     "Numba (then np.int64 truncates the exact product), float32 in NumPy"))


CASTS = [
    Kernel("casts", [
        casts_case("sample", [1.0, 0.3, -2.5, 1000.5], [0.1, -7.9, 2.5, 16777217.0], [255, 256, -1, 1000]),
        casts_case("size=37", prand(37, -1e4, 1e4, 39), prand(37, -2e9, 2e9, 40),
                   prand_ints(37, -2**40, 2**40, 41), block=32),
    ]),
]

# ---- stores_and_casts.py ---------------------------------------------------------------------


def convert_case(label, ds, ns, block=8):
    n = len(ds)
    # f32[i] = d[i] rounds to float32; f32[i] *= 0.1 multiplies in float64, rounds once.
    return Case(label, grid=-(-n // block), block=block,
                args=[values("float64", ds), values("int64", ns), out("float32", n), out("int32", n),
                      out("bool", n), out("float64", n)],
                override={"f32": {k: f32(f32(d) * 0.1) for k, d in enumerate(ds)}},
                why=(f"{NUMPY_NARROW}: float32 *= 0.1 is a float64 product rounded once to "
                     "float32 in Numba, a float32 product in NumPy"))


STORES = [
    Kernel("convert", [
        convert_case("sample", [0.1, 2.7, -2.7, 16777217.0, 0.0, -0.0, 1e-50],
                     [1, -7, 9007199254740993, 16777217, 0, 5, 6]),
        # |d| < 2**31 so that the truncation to int32 is defined.
        convert_case("size=37", prand(36, -2e9, 2e9, 42) + [1e-50], prand_ints(37, -2**62, 2**62, 43),
                     block=32),
    ]),
]

# ---- float_to_int.py -------------------------------------------------------------------------


def float_to_int_case(label, ds, block=32):
    n = len(ds)
    fs = [f32(d) for d in ds]
    signed = [[gpu_float_to_int(x, 8), gpu_float_to_int(x, 16), gpu_float_to_int(x, 32),
               gpu_float_to_int(x, 64), gpu_float_to_int(x, 64), gpu_float_to_int(y, 8, source_bits=32),
               gpu_float_to_int(y, 16, source_bits=32), gpu_float_to_int(y, 32, source_bits=32),
               gpu_float_to_int(y, 64, source_bits=32)]
              for x, y in zip(ds, fs)]
    unsigned = [[gpu_float_to_int(v, bits, False, source_bits) for v, source_bits in ((x, 64), (y, 32))
                 for bits in (8, 16, 32, 64)]
                for x, y in zip(ds, fs)]
    # The atomics' operations commute: the order the threads run in does not matter.
    total = wrap(sum(gpu_float_to_int(x, 64) for x in ds), 64)
    largest = max(gpu_float_to_int(y, 32, False, source_bits=32) for y in fs)
    return Case(label, grid=-(-n // block), block=block,
                args=[values("float64", ds), values("float32", fs), out("int64", (n, 9)), out("uint64", (n, 8)),
                      out("int16", n), out("uint8", n), values("int64", [0]), values("uint32", [0])],
                expect={"signed": values("int64", signed, shape=(n, 9)),
                        "unsigned": values("uint64", unsigned, shape=(n, 8)),
                        "stored16": values("int16", [gpu_float_to_int(x, 16) for x in ds]),
                        "stored8": values("uint8", [gpu_float_to_int(y, 8, False, source_bits=32) for y in fs]),
                        "total": values("int64", [total]), "largest": values("uint32", [largest])},
                why=("a float converts to an integer as PTX cvt.rzi does on the GPU (cases/common.py, "
                     "gpu_float_to_int: saturating, NaN as measured on an H200); the simulator "
                     "converts with NumPy on the host CPU, whose out-of-range results differ"))


FLOAT_TO_INT = [
    Kernel("convert", [
        # Each width's ends and one past them, ties of truncation, NaN and the infinities;
        # float32 rounds some (2**31 - 0.5 becomes 2**31).
        float_to_int_case("edges", [0.0, -0.0, 1.9, -1.9, 127.5, 128.0, -128.9, -129.0, 255.9, 256.0,
                                    300.0, -300.0, 32767.9, 32768.0, -32768.5, -32769.0, 65535.5,
                                    65536.0, 70000.0, 2147483647.5, 2147483648.0, -2147483648.5,
                                    -2147483649.0, 4294967295.5, 4294967296.0, 3e9, -3e9,
                                    9.2e18, 9.3e18, -9.3e18, 1.8e19, 1.9e19, 1e30, -1e30,
                                    NAN, INF, -INF, -1.0, -0.5, 1e-30]),
        float_to_int_case("size=37", prand(37, -5e9, 5e9, 45)),
    ]),
]

# ---- narrowing_stores.py ---------------------------------------------------------------------


def narrow_case(label, vs, block=8):
    n = len(vs)
    return Case(label, grid=-(-n // block), block=block,
                args=[values("int64", vs), out("int8", n), out("uint8", n), out("int16", n),
                      out("uint32", n)],
                expect={"i8": values("int8", [wrap(v, 8) for v in vs]),
                        "u8": values("uint8", [wrap(v, 8, False) for v in vs]),
                        "i16": values("int16", [wrap(v * 1000, 16) for v in vs]),
                        "u32": values("uint32", [wrap(v + 2**32, 32, False) for v in vs])},
                why=("a store keeps the low bits of the int64 value (two's complement); the "
                     "file says the simulator cannot run it (NumPy refuses out-of-range ints)"))


NARROW = [
    Kernel("narrow", [
        narrow_case("sample", [300, -129, -1, 127, 128, 255, 256, 40000]),
        narrow_case("size=37", prand_ints(37, -2**40, 2**40, 44), block=32),
    ]),
]

# ---- scalar_types.py -------------------------------------------------------------------------


def scalars_case(label, flag, i8, i16, i32, i64_, u8, u16, u32, u64, f32v, f64v):
    x = f32(f32v)
    model = {1: i8 - 1, 2: i16 * 2, 3: i32 + 1, 5: u8 + 1, 6: u16 + 1, 7: u32 + 1,
             8: i64(u64) // 1000000000, 9: x * 2}
    return Case(label, grid=1, block=11,
                args=[scalar("bool", flag), scalar("int8", i8), scalar("int16", i16),
                      scalar("int32", i32), scalar("int64", i64_), scalar("uint8", u8),
                      scalar("uint16", u16), scalar("uint32", u32), scalar("uint64", u64),
                      scalar("float32", x), scalar("float64", f64v), out("float64", 11)],
                override={"out": model},
                why=(f"{NUMPY_NARROW}: the kernel receives NumPy scalars of the declared types, "
                     "whose arithmetic with an int literal wraps in 8/16/32 bits (Numba: int64), "
                     "uint64 // int stays uint64 (Numba: int64, so 2**64 - 1 reads as -1), and "
                     "float32 * 2 stays float32 (Numba: float64)"))


def arrays_case(label, b, i8, u16, u64, f):
    return Case(label, grid=1, block=1,
                args=[values("bool", b), values("int8", i8), values("uint16", u16),
                      values("uint64", u64), values("float32", f), out("float64", 5)],
                override={"out": {0: int(b[0]) + int(b[1]), 1: i8[0] + i8[1], 2: u16[0] + u16[1],
                                  3: i64(u64[0]) % 1000}},
                why=(f"{NUMPY_NARROW}: bool + bool, int8 + int8 and uint16 + uint16 are int64 in "
                     "Numba, and uint64 % int literal is int64 (NumPy: uint64)"))


SCALAR_TYPES = [
    Kernel("scalars", [
        scalars_case("sample", True, -128, 32767, 2147483647, 9223372036854775807, 255, 65535,
                     4294967295, 18446744073709551615, 3.5, 1.0),
        scalars_case("other", False, 127, -32768, -2147483648, -9223372036854775807, 0, 0, 0,
                     12345678901234, 3.4e38, -7.0),
    ]),
    Kernel("arrays", [
        arrays_case("sample", [True, True], [-128, -128], [65535, 65535], [18446744073709551615],
                    [0.5, 0.25]),
        arrays_case("other", [False, True], [127, 1], [1, 2], [1999], [3.4e38, 3.4e38]),
    ]),
]

# ---- module_constants.py ---------------------------------------------------------------------


def constants_case(label, xs, block=8):
    x = [f32(v) for v in xs]
    n = len(x)
    return Case(label, grid=-(-n // block), block=block,
                args=[values("float32", x), out("float64", (n, 7))],
                override={"out": {(k, 0): x[k] * 0.1 for k in range(n)}},
                why=f"{NUMPY_NARROW}: x * SCALE (a Python float global, float64) is float64 in Numba")


CONSTANTS = [
    Kernel("use_constants", [
        constants_case("sample", [0.1, 1.0, 3.3, -2.5, 7.0]),
        constants_case("size=37", prand(37, -100.0, 100.0, 45), block=32),
    ]),
]

# ---- builtins.py -----------------------------------------------------------------------------

BUILTINS = [
    Kernel("use_builtins", [
        Case("sample", grid=1, block=8,
             args=[values("float64", [-2.5, -0.5, 0.0, 0.5, 1.5, 2.675, -7.25, 1e10]),
                   values("int32", [-2147483648, -3, 0, 1, 2, 3, 4, 5]),
                   out("float64", (8, 5)), out("int64", (8, 5))]),
        # Quarters: round() meets its ties; no NaN (round and int of NaN are undefined).
        Case("size=37", grid=2, block=32,
             args=[arange("float64", 37, -4.5, 0.25), integers("int32", 37, -2**31, 2**31 - 1, seed=46),
                   out("float64", (37, 5)), out("int64", (37, 5))]),
    ]),
]

# ---- math_functions.py -----------------------------------------------------------------------

MATH32_TOL = Tol(rtol=1e-6, why=(
    "compiled Numba calls the float32 functions (sqrtf, expf, ... libdevice on a GPU, the host's "
    "libm in emulation, <= 2 ulp), the simulator Python's float64 math, rounded once by the store "
    "(<= 0.5 ulp): rtol 1e-6 is ~8 float32 ulp. atan2(v, 2.0) is float64 on both sides"))
MATH64_TOL = Tol(rtol=1e-15, why=(
    "float64 functions on both sides: the simulator's Python math and the emulation both call "
    "the host's libm, but a GPU's libdevice (or another libm) may differ by 1-2 ulp; 1e-15 is "
    "~4.5 ulp, far below any float32 error"))

_F32_AT_MINUS_1 = [NAN, f32(math.exp(-1.0)), NAN, f32(math.sin(-1.0)), f32(math.cos(-1.0)),
                   f32(math.tanh(-1.0)), f32(math.atan2(-1.0, 2.0)), f32(math.sqrt(2.0)), 1.0,
                   f32(math.erf(-1.0))]
MATH32_DOMAIN = [  # x: sqrt exp log sin cos tanh atan2(x, 2) hypot(x, x) fabs(-x) erf
    [0.0, 1.0, -INF, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [-0.0, 1.0, -INF, -0.0, 1.0, -0.0, -0.0, 0.0, 0.0, -0.0],
    _F32_AT_MINUS_1,
    [INF, INF, INF, NAN, NAN, 1.0, f32(math.pi / 2), INF, INF, 1.0],
    [NAN, 0.0, NAN, NAN, NAN, -1.0, f32(-math.pi / 2), INF, INF, -1.0],
    [NAN] * 10,
]

_MATH64_DOMAIN_X = [-1.0, 0.0, INF, NAN, -0.5]
_MATH64_DOMAIN_N = [0, -1, 4, 1, 2]
MATH64_DOMAIN = [  # exp(x) * log10(x + 1), pow(x, 1.5), sqrt(n), log2(n), pi * x + e
    [-INF, NAN, 0.0, -INF, math.pi * -1.0 + math.e],
    [0.0, 0.0, NAN, NAN, math.e],
    [INF, INF, 2.0, 2.0, INF],
    [NAN, NAN, 1.0, 0.0, NAN],
    [math.exp(-0.5) * math.log10(0.5), NAN, math.sqrt(2.0), 1.0, math.pi * -0.5 + math.e],
]

_ROUNDING_DOMAIN_X = [NAN, INF, -INF, -0.0, -1e-300, 4503599627370497.0, -4503599627370495.5]
ROUNDING_DOMAIN = [  # floor, ceil, trunc: floats on CUDA, so nan/inf/-0.0 pass through
    [NAN] * 3, [INF] * 3, [-INF] * 3, [-0.0] * 3, [-1.0, -0.0, -0.0],
    [4503599627370497.0] * 3, [-4503599627370496.0, -4503599627370495.0, -4503599627370495.0],
]
ROUNDING_NEGATIVE_ZERO_WHY = ("math.floor/ceil/trunc return floats on CUDA, so a result of zero "
                              "from a negative argument is -0.0; Python's return the int 0")
DOMAIN_WHY = ("Python's math raises ValueError outside a function's domain and for inf/nan where "
              "C returns nan or +-inf, so the simulator cannot run it; the values are C's (IEEE) "
              "results, rounded to float32 where the column is float32")

MATH = [
    Kernel("float32_functions", elementwise(
        lambda n: [uniform("float32", n, 0.01, 50.0, seed=47), out("float32", (n, 10))],
        sizes=(1, 37, 1000), tol=MATH32_TOL) + [
        Case("sample", grid=1, block=32, args=[values("float32", [0.25, 1.0, 2.0, 10.0]),
                                                out("float32", (4, 10))], tol=MATH32_TOL),
        Case("domain", grid=1, block=32,
             args=[values("float32", [0.0, -0.0, -1.0, INF, -INF, NAN]), out("float32", (6, 10))],
             tol=MATH32_TOL, expect={"out": values("float32", MATH32_DOMAIN, shape=(6, 10))},
             why=DOMAIN_WHY),
    ]),
    Kernel("float64_and_int_functions", elementwise(
        lambda n: [uniform("float64", n, 0.0, 10.0, seed=48), integers("int32", n, 1, 10**6, seed=49),
                   out("float64", (n, 5))], sizes=(1, 37, 1000), tol=MATH64_TOL) + [
        Case("domain", grid=1, block=32,
             args=[values("float64", _MATH64_DOMAIN_X), values("int32", _MATH64_DOMAIN_N),
                   out("float64", (5, 5))],
             tol=MATH64_TOL, expect={"out": values("float64", MATH64_DOMAIN, shape=(5, 5))},
             why=DOMAIN_WHY),
    ]),
    Kernel("float_rounding", [
        Case("sample", grid=1, block=32,
             args=[values("float64", [2.5, -0.5, -2.5, 3.0, -0.0, 1e300]), out("float64", (6, 3))],
             override={"rounded": {(1, 1): -0.0, (1, 2): -0.0, (4, 0): -0.0, (4, 1): -0.0, (4, 2): -0.0}},
             why=ROUNDING_NEGATIVE_ZERO_WHY),
        # -250.5, -250.0, ..., 249.0: -0.5 sits at index 500.
        Case("size=1000", grid=8, block=128,
             args=[arange("float64", 1000, -250.5, 0.5), out("float64", (1000, 3))],
             override={"rounded": {(500, 1): -0.0, (500, 2): -0.0}}, why=ROUNDING_NEGATIVE_ZERO_WHY),
        Case("domain", grid=1, block=32,
             args=[values("float64", _ROUNDING_DOMAIN_X), out("float64", (7, 3))],
             expect={"rounded": values("float64", ROUNDING_DOMAIN, shape=(7, 3))},
             why=("Python's floor/ceil/trunc raise on nan and inf; on CUDA they are floats: "
                  "nan and +-inf pass through, and the sign of zero is kept")),
    ]),
    Kernel("classify", [
        Case("sample", grid=1, block=32,
             args=[values("float64", [2.5, -0.0, INF, -INF, NAN]), out("bool", (5, 3))]),
        Case("size=37", grid=2, block=32,
             args=[cycle("float64", 37, [NAN, INF, -INF, 0.0, -0.0, 1e-310, 1e308, -2.5]),
                   out("bool", (37, 3))]),
    ]),
]

# ---- comparisons.py --------------------------------------------------------------------------


def mixed_types_case(label, i32, u32, signed, unsigned, real):
    # int64 vs uint64 compares as float64 in Numba: both sides are rounded to doubles first.
    fix = differing({1: float(signed[0]) < float(unsigned[0])}, {1: signed[0] < unsigned[0]})
    return Case(label, grid=1, block=1,
                args=[values("int32", i32), values("uint32", u32), values("int64", signed),
                      values("uint64", unsigned), values("float64", real), out("bool", 4)],
                override={"out": fix} if fix else {},
                why=("int64 < uint64 is a float64 comparison in Numba (2**63 - 1 and 2**63 are "
                     "both 2.0**63); NumPy 2 compares the integers exactly") if fix else "")


COMPARISONS = [
    Kernel("compare", [
        Case("sample", grid=1, block=32,
             args=[values("float64", [0.5, 1.0, 1.5, -1.0, 2.0, NAN, -0.0]), full("int32", 7, 0),
                   out("bool", (7, 9))]),
        Case("size=37", grid=2, block=32,
             args=[arange("float64", 37, -2.0, 0.125).at({0: NAN, 1: INF, 2: -INF, 3: -0.0}),
                   full("int32", 37, 0), out("bool", (37, 9))]),
    ]),
    Kernel("mixed_types", [
        mixed_types_case("sample", [-1], [1], [9223372036854775807, 9007199254740993, 3],
                         [9223372036854775808], [9007199254740992.0, 3.5]),
        # 2**62 + 1 < 2**62 + 2 exactly, but both are 2.0**62 as doubles.
        mixed_types_case("other", [5], [4294967295], [2**62 + 1, 9007199254740992, 4],
                         [2**62 + 2], [9007199254740993.0, -INF]),
    ]),
]

# ---- boolean_operators.py --------------------------------------------------------------------

BOOLEAN = [
    Kernel("logic", [
        Case("sample", grid=1, block=32,
             args=[values("int64", [0, 0, 3, 3, -1, 2]), values("float64", [0.0, 2.5, 0.0, 2.5, NAN, -0.0]),
                   full("int32", 6, 0), out("float64", (6, 3)), out("bool", (6, 6))]),
        Case("size=37", grid=2, block=32,
             args=[cycle("int64", 37, [0, 3, -1, 2, 0, 5, 2]),
                   cycle("float64", 37, [0.0, 2.5, NAN, -0.0, -3.0, INF, 0.0, 1e-300]),
                   full("int32", 37, 0), out("float64", (37, 3)), out("bool", (37, 6))]),
        Case("size=1000", grid=8, block=128,
             args=[integers("int64", 1000, -2, 2, seed=50), arange("float64", 1000, -3.0, 0.5),
                   full("int32", 1000, 0), out("float64", (1000, 3)), out("bool", (1000, 6))]),
    ]),
]

# ---- conditional_expression.py ---------------------------------------------------------------

CONDITIONAL = [
    Kernel("choose", [
        Case("sample", grid=1, block=8,
             args=[values("int32", [3, 0, -2, 1, 7]), values("float32", [0.5, 1.5, 2.5, -3.5, 4.5]),
                   out("float64", (5, 5))]),
        # Multiples of 1/8: 2 * x + 1 is exact in float32 too.
        Case("size=37", grid=2, block=32,
             args=[cycle("int32", 37, [3, 0, -2, 1, 7, -1, 36, 37, 100, -2147483648, 2147483647]),
                   arange("float32", 37, -2.0, 0.125), out("float64", (37, 5))]),
        Case("size=1000", grid=8, block=128,
             args=[integers("int32", 1000, -50, 1100, seed=51), arange("float32", 1000, -60.0, 0.125),
                   out("float64", (1000, 5))]),
    ]),
]

# ---- numpy_scalar_ufuncs.py ------------------------------------------------------------------

UFUNC_TOL = Tol(rtol=1e-7, atol=1e-7, why=(
    "np.sin and np.arctan2 of a float32 are float32 functions (sinf/atan2f; libdevice on a GPU, "
    "the host's libm in emulation, NumPy's own loops in the simulator), each within 1-2 float32 "
    "ulp (<= 1.2e-7 for these magnitudes) of the others; the rest is exact"))

UFUNCS = [
    Kernel("ufuncs", [
        Case("sample", grid=1, block=1,
             args=[values("float32", [0.5, 2.5, NAN]), values("int32", [9, 3, -7]), out("float64", 8)],
             tol=UFUNC_TOL),
        Case("negative", grid=1, block=1,
             args=[values("float32", [-1.75, -0.0, 3.0]), values("int32", [2, -2147483648, -2147483648]),
                   out("float64", 8)], tol=UFUNC_TOL),
        Case("large", grid=1, block=1,
             args=[values("float32", [1e5, NAN, -INF]), values("int32", [2147483647, 7, 5]),
                   out("float64", 8)], tol=UFUNC_TOL),
    ]),
]

# ---- float16.py ------------------------------------------------------------------------------

# Inputs are float16 values exactly, so the models below can compute with them.
H_A = [1.5, -2.25, 0.0999755859375, 65504.0, 3.0, 0.0]
H_B = [0.5, 3.0, 0.199951171875, 2.0, 3.0, -1.0]
H_EDGE_A = [INF, NAN, 2.0 ** -24, -0.0, 6.103515625e-05, 1024.0]
H_EDGE_B = [-INF, 1.0, 2.0 ** -24, 0.0, -0.0, 0.5009765625]

HALF_MATH_TOL = Tol(rtol=9.8e-4, atol=6e-8, why=(
    "the simulator computes hsin, hcos, hexp, hexp2, hlog and hsqrt with NumPy's float16 loops "
    "(float32 math rounded to half) and hfma unfused (a*b rounded to half first); py2cuda's "
    "emulation rounds the double result once and fuses hfma, as the GPU does: they may differ by "
    "one float16 ulp (2**-10 relative, 2**-24 absolute near zero)"))


def half_typing_case(label, xs):
    # Numba computes float16 ** int in float32 (the exact square); the simulator's NumPy keeps
    # float16 and rounds it.
    model = {(k, 1): f32(x * x) for k, x in enumerate(xs)}
    numpy_rule = {(k, 1): f16(x * x) for k, x in enumerate(xs)}
    override = differing(model, numpy_rule)
    return Case(label, grid=1, block=32,
                args=[values("float16", xs), out("float32", (len(xs), 4))],
                tol=Tol(rtol=2.4e-7, why=("math.atan of a float16 is atanf of its float32 value in "
                                         "Numba (libdevice on a GPU, the host's libm here) and "
                                         "float64 atan rounded to float32 in the simulator: within "
                                         "2 float32 ulp; the other columns are exact")),
                override={"wide": override} if override else {},
                why="x ** 2 of a float16 is float32 in Numba (exact square); " + NUMPY_NARROW)


def half_to_int_override(a):
    """int(x) of a float16 in a kernel rounds to nearest, ties to even: numba-cuda converts with
    PTX cvt.rni (cuda_fp16.py, float16_to_integer_cast); the simulator's NumPy truncates."""
    model = {(k, 0): round(x) for k, x in enumerate(a)}
    numpy_rule = {(k, 0): math.trunc(x) for k, x in enumerate(a)}
    override = differing(model, numpy_rule)
    if not override:
        return {}
    return {"override": {"ints": override},
            "why": "int() of a float16 is PTX cvt.rni in numba-cuda (nearest, ties to even); the simulator truncates"}


def fp16_case(label, a, b, c):
    n = len(a)
    # hfloor: the simulator's FakeCUDAFp16.hfloor calls np.ceil (a bug in numba-cuda 0.30.4's
    # simulator); compiled Numba calls CUDA's hfloor.
    model = {(k, 10): float(math.floor(x)) for k, x in enumerate(a)}
    numpy_rule = {(k, 10): float(math.ceil(x)) for k, x in enumerate(a)}
    override = differing(model, numpy_rule)
    return Case(label, grid=1, block=32,
                args=[values("float16", a), values("float16", b), values("float16", c),
                      out("float16", (n, 21)), out("bool", (n, 4))],
                tol=HALF_MATH_TOL, override={"out": override} if override else {},
                why="the simulator's cuda.fp16.hfloor rounds up (it calls np.ceil); CUDA's hfloor rounds down")


FLOAT16 = [
    Kernel("arithmetic", [
        Case("sample", grid=1, block=32,
             args=[values("float16", H_A), values("float16", H_B), out("float16", (6, 8)), out("bool", (6, 4))]),
        Case("edges", grid=1, block=32,
             args=[values("float16", H_EDGE_A), values("float16", H_EDGE_B), out("float16", (6, 8)),
                   out("bool", (6, 4))]),
        Case("ragged", grid=2, block=32,
             args=[uniform("float16", 45, -300, 300, 11), uniform("float16", 45, -4, 4, 12),
                   out("float16", (45, 8)), out("bool", (45, 4))]),
    ]),
    Kernel("casts", [
        Case("sample", grid=1, block=32,
             args=[values("float16", H_A),
                   values("float64", [0.1, 1e-7, 70000.0, -2.5, 1.0009765625, 3.0e-8]),
                   values("int64", [2049, -7, 100000, 0, 65519, 3]),
                   out("float16", (6, 3)), out("float32", 6), out("int64", (6, 2))],
             **half_to_int_override(H_A)),
        Case("ties", grid=1, block=32,
             args=[values("float16", [2.5, -0.5, 1024.5 - 0.5, -3.5, 0.5, 1.0]),
                   values("float64", [65519.99, 65520.0, 2.0 ** -25, 1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -11,
                                      -(2.0 ** -14 - 2.0 ** -25)]),
                   values("int64", [2051, -2049, 65520, 4097, 1, -65504]),
                   out("float16", (6, 3)), out("float32", 6), out("int64", (6, 2))],
             **half_to_int_override([2.5, -0.5, 1024.5 - 0.5, -3.5, 0.5, 1.0])),
    ]),
    Kernel("typing", [
        half_typing_case("sample", H_A),
        half_typing_case("more", [-7.5, 0.333251953125, 255.0, -0.0, 1000.0, 0.5]),
    ]),
    Kernel("fp16_functions", [
        fp16_case("sample", H_A[:5], H_B[:5], [0.25, 1.0, -0.5, 2.0, 0.0]),
        fp16_case("negative", [-1.5, -0.25, 7.75, -100.0, 0.5], [2.0, 0.75, 7.75, 0.125, 3.0],
                  [1.0, 0.5, -2.0, 0.0, 8.0]),
    ]),
    Kernel("block_sum", [
        Case("ones", grid=1, block=32, args=[full("float16", 20, 1.001), out("float16", 3)]),
        Case("full", grid=1, block=32, args=[uniform("float16", 32, -100, 100, 5), out("float16", 3)]),
        Case("one", grid=1, block=32, args=[values("float16", [2049.0]), out("float16", 3)]),
    ]),
    Kernel("show", [Case("one", grid=1, block=1, args=[scalar("float16", 1.5)])]),
]

# ---- branch_pruning.py ----------------------------------------------------------------------

# The last four of the 20 device functions are the tests Numba's pruning cannot decide: there
# compiled Numba types x with both arms (int64), where the simulator runs only the arm the test
# picks (p, a uint8).
KEPT_BOTH_ARMS = range(16, 20)


def pruning_case(p):
    return Case(f"p={p}", grid=1, block=1, args=[values("uint8", [p]), out("float64", 20)],
                override={"out": {k: float(~p) for k in KEPT_BOTH_ARMS}},
                why="the simulator types nothing: where Numba's dead-branch pruning cannot decide a test, "
                    "compiled Numba unifies both arms to int64, so ~x is ~p as an int64 (first principles; "
                    "tests/golden/branch_pruning.expected holds compiled Numba's CPU run of p = 5)")


BRANCH_PRUNING = [Kernel("inverted", [pruning_case(5), pruning_case(200)])]

# ---- rank_branches.py -----------------------------------------------------------------------

RANK_BRANCHES = [
    Kernel("combine", [
        Case("sample", grid=1, block=4,
             args=[values("float64", [0.0, 1.0, 2.0, 3.0]), values("int32", range(8), shape=(4, 2)), out("float64", 4)]),
        Case("size=37", grid=2, block=32,
             args=[arange("float64", 37, -9.0, 0.5), integers("int32", (37, 3), -100, 100, seed=53),
                   out("float64", 37)]),
    ]),
]

# ---- tuple_membership.py --------------------------------------------------------------------

MEMBERSHIP = [
    Kernel("membership", [
        Case("sample", grid=1, block=8, args=[values("int64", [1, 2, 3, 4, 7, 8, -1]), out("bool", (7, 6))]),
        Case("size=37", grid=2, block=32, args=[integers("int64", 37, -2, 10, seed=52), out("bool", (37, 6))]),
    ]),
]

TABLE = {
    "tests/golden/branch_pruning.py": BRANCH_PRUNING,
    "tests/golden/tuple_membership.py": MEMBERSHIP,
    "tests/golden/rank_branches.py": RANK_BRANCHES,
    "tests/golden/float16.py": FLOAT16,
    "tests/golden/numpy_scalar_ufuncs.py": UFUNCS,
    "tests/golden/scalar_promotion.py": PROMOTION,
    "tests/golden/integer_literals.py": LITERALS,
    "tests/golden/integer_literal_atomics.py": LITERAL_ATOMICS,
    "tests/golden/int_division_modulo.py": DIVISION,
    "tests/golden/power.py": POWER,
    "tests/golden/numpy_scalar_casts.py": CASTS,
    "tests/golden/stores_and_casts.py": STORES,
    "tests/golden/narrowing_stores.py": NARROW,
    "tests/golden/float_to_int.py": FLOAT_TO_INT,
    "tests/golden/scalar_types.py": SCALAR_TYPES,
    "tests/golden/module_constants.py": CONSTANTS,
    "tests/golden/builtins.py": BUILTINS,
    "tests/golden/math_functions.py": MATH,
    "tests/golden/comparisons.py": COMPARISONS,
    "tests/golden/boolean_operators.py": BOOLEAN,
    "tests/golden/conditional_expression.py": CONDITIONAL,
}
