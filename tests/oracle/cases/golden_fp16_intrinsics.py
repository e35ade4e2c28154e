"""Oracle cases for tests/golden/float16_intrinsics.py.

Numba's simulator has no numba.cuda.fp16 module, so every case gives its expected outputs from
first principles: the exact value rounded to binary16 in each mode (libdevice_model.round_exact
with half's format), PTX's saturating float-to-integer conversions (NaN -> 0; cuda_fp16.hpp gives
0x8000000000000000 for the 64-bit ones), .sat clamping to [0, 1] with NaN -> +0, relu, the
NaN-propagating min/max, and the IEEE unordered comparisons.
"""
import math
import struct
from fractions import Fraction

from spec import INF, NAN, Case, Kernel, out, values
from cases import libdevice_model as m

F16 = (11, -14, 15)  # significand bits, smallest normal exponent, largest exponent
WHY = ("the simulator has no numba.cuda.fp16 module; the values are cuda_fp16.h's definitions: "
       "exact values rounded to half in each mode, saturating conversions, .sat/.relu clamps")
INT64_MIN = -(1 << 63)


def to_half(x: float, mode: str) -> float:
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x
    return m.round_exact(Fraction(x), F16, mode)


def div(x: float, y: float) -> float:
    if not (math.isfinite(x) and math.isfinite(y)):
        return x / y  # inf or NaN operands (no zero divisors in the cases)
    return m.round_exact(Fraction(x) / Fraction(y), F16, "rn")


def fma(a: float, b: float, c: float) -> float:
    if not all(math.isfinite(v) for v in (a, b, c)):
        return a * b + c
    q = Fraction(a) * Fraction(b) + Fraction(c)
    return 0.0 if q == 0 else m.round_exact(q, F16, "rn")


def sat(v: float) -> float:
    return 0.0 if math.isnan(v) or v <= 0 else 1.0 if v >= 1 else v


def hmax(x, y):
    return y if math.isnan(x) else x if math.isnan(y) else max(x, y)


def hmin(x, y):
    return y if math.isnan(x) else x if math.isnan(y) else min(x, y)


def half_bits(x: float) -> int:
    return struct.unpack("<H", struct.pack("<e", x))[0]


def bits_half(b: int) -> float:
    return struct.unpack("<e", struct.pack("<H", b & 0xFFFF))[0]


def to_half_row(x: float, k: int) -> list[float]:
    f32 = m.f32(x)
    return [to_half(f32, "rn"), to_half(f32, "rz"), to_half(f32, "rd"), to_half(f32, "ru"), to_half(f32, "rn"),
            to_half(k, "rn"), to_half(k, "rz"), to_half(k, "rd"), to_half(k, "ru"),
            to_half(m.wrap(k, 32), "ru"), to_half(m.wrap(k, 32, False), "rd"),
            to_half(m.wrap(k, 16), "rz"), to_half(m.wrap(k, 16, False), "rn"), to_half(m.wrap(k, 64, False), "ru")]


def from_half_row(x: float) -> list[int]:
    nan = math.isnan(x)
    bits = half_bits(x)
    # From a float16: NaN gives 0 into 8, 16 or 32 bits and the top bit into 64 (an H200).
    def half_to_int(mode, bits, signed=True):
        return m.to_int(x, mode, bits, signed, source_bits=16)
    return [half_to_int("rn", 32), half_to_int("rz", 32), half_to_int("rd", 32), half_to_int("ru", 32),
            INT64_MIN if nan else m.to_int(x, "rn", 64), half_to_int("rd", 16), half_to_int("ru", 16, False),
            half_to_int("rz", 32, False), half_to_int("rz", 8), half_to_int("rz", 8, False),
            m.wrap(bits, 16), bits,
            INT64_MIN if nan else m.to_int(x, "rd", 64, False)]  # 0x8000000000000000 as int64


def arith_row(x, y, z, r):
    add, sub, mul = m.add(x, y, "rn", F16), m.add(x, -y, "rn", F16), m.mul(x, y, "rn", F16)
    f = fma(x, y, z)
    either_nan = math.isnan(x) or math.isnan(y)
    return [sat(add), sat(sub), sat(mul), sat(f), f if math.isnan(f) else max(f, 0.0),
            NAN if either_nan else hmax(x, y), NAN if either_nan else hmin(x, y), add, sub, mul,
            div(x, y), f, hmax(x, y), -abs(x), bits_half(r), bits_half(r)]


def flag_row(x, y):
    return [not (x < y or x > y), x != y, not x < y, not x <= y, not x > y, not x >= y, x < y or x > y,
            math.isnan(x)]


def to_half_case(label, f, n):
    rows = len(f)
    return Case(label, grid=1, block=32, args=[values("float32", f), values("int64", n), out("float16", (rows, 14))],
                expect={"out": values("float16", [to_half_row(x, k) for x, k in zip(f, n)], shape=(rows, 14))},
                why=WHY)


def from_half_case(label, h):
    rows = len(h)
    h = [to_half(v, "rn") for v in h]
    return Case(label, grid=1, block=32, args=[values("float16", h), out("int64", (rows, 13)), out("float32", rows)],
                expect={"ints": values("int64", [from_half_row(x) for x in h], shape=(rows, 13)),
                        "singles": values("float32", h)},
                why=WHY)


def arith_case(label, a, b, c, raw):
    rows = len(a)
    a, b, c = ([to_half(v, "rn") for v in vs] for vs in (a, b, c))  # the values the float16 arrays hold
    return Case(label, grid=1, block=32,
                args=[values("float16", a), values("float16", b), values("float16", c), values("int16", raw),
                      out("float16", (rows, 16)), out("bool", (rows, 8)), out("int32", rows)],
                expect={"out": values("float16", [arith_row(*t) for t in zip(a, b, c, raw)], shape=(rows, 16)),
                        "flags": values("bool", [flag_row(x, y) for x, y in zip(a, b)], shape=(rows, 8)),
                        "kinds": values("int32", [1 if x == INF else -1 if x == -INF else 0 for x in a])},
                why=WHY)


HALF_TIE = 1.0 + 2.0 ** -11  # halfway between 1 and the next half

FP16_INTRINSICS = [
    Kernel("to_half", [
        to_half_case("sample", [1.00048828125, -1.00048828125, 65520.0, -1e-30, 0.1, 2.5],
                     [2049, -2051, 70000, -1, 4097, 65535]),
        # Ties and near-ties in every mode, overflow (inf or 65504 by mode), subnormals, integers
        # that wrap when narrowed to 16 or 32 bits.
        to_half_case("edges", [HALF_TIE, m.f32(HALF_TIE + 2.0 ** -23), -3 * 2.0 ** -25, 65504.0, -1e10, 2.0 ** -25,
                               INF, NAN, -0.0, 6.1e-5],
                     [1 << 40, -(1 << 40), 2051, -65504, 65536 + 3, -32769, 1 << 62, 0, 32767, -70000]),
    ]),
    Kernel("from_half", [
        from_half_case("sample", [2.5, -2.5, 65504.0, -0.75, 300.0, NAN]),
        from_half_case("edges", [0.5, 1.5, -0.5, -1.5, INF, -INF, -65504.0, 127.5, -128.5, 255.875, 2.0 ** -24,
                                 -0.0, 3.5, 40000.0]),
    ]),
    Kernel("arithmetic", [
        arith_case("sample", [0.75, 0.25, NAN, -2.0, INF, -INF], [0.5, 0.75, 1.0, NAN, 2.0, -3.0],
                   [0.5, -0.5, 0.0, 1.0, 0.25, -1.0], [15360, -16384, 31744, -1024, 1, 32767]),
        arith_case("more", [1.0, -0.25, 0.999, 0.001, 3.0, NAN, 60000.0, -1.0],
                   [1.0, 0.5, 0.001, 0.999, 0.5, NAN, 2.0, -1.0],
                   [-1.0, 0.125, 0.0, -0.0009765625, -1.5, 0.0, -60000.0, 0.0],
                   [0, -32768, 0x3BFF, -1, 0x7C01, 0x0400, 0x7BFF, 0x3555]),
    ]),
]

TABLE = {"tests/golden/float16_intrinsics.py": FP16_INTRINSICS}
