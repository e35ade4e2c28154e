"""First-principles values of numba.cuda.libdevice functions, in plain Python.

Numba's simulator cannot run libdevice calls (its numba.cuda.libdevice functions are the
documentation stubs, which return None), so the oracle cases for tests/golden/libdevice.py give
the expected outputs from these definitions:
  - arithmetic in a rounding mode: the exact rational result (fractions.Fraction) rounded to the
    format (float32 or float64, subnormals and overflow included) in that mode, as IEEE 754
    defines _rn (nearest, ties to even), _rz (toward zero), _ru (up) and _rd (down);
  - float -> integer conversions: PTX cvt.rni/rzi/rpi/rmi, which saturate to the destination's
    range and convert NaN to the value with only the top bit set (what an H200 gives; the PTX
    manual says 0, which the H200 gives only from a float32 into 16 or 32 bits);
  - integer intrinsics: the CUDA Math API's definitions, on 32/64-bit two's complement values;
  - libdevice's int32 results of "unsigned" functions: the unsigned bits read as int32.
"""
import math
import struct
from fractions import Fraction

MODES = ("rn", "rz", "ru", "rd")
F32 = (24, -126, 127)  # significand bits, smallest normal exponent, largest exponent
F64 = (53, -1022, 1023)


def wrap(x: int, bits: int, signed: bool = True) -> int:
    x %= 1 << bits
    if signed and x >= 1 << (bits - 1):
        x -= 1 << bits
    return x


def round_exact(q: Fraction, fmt, mode: str) -> float:
    """The rational q rounded to the binary format fmt in the rounding mode."""
    p, emin, emax = fmt
    if q == 0:
        return 0.0
    negative = q < 0
    a = -q if negative else q
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    quantum = Fraction(2) ** (max(e, emin) - p + 1)  # fixed below the normal range: subnormals
    m = a / quantum
    low = m.numerator // m.denominator
    rest = m - low
    if mode == "rn":
        up = rest > Fraction(1, 2) or (rest == Fraction(1, 2) and low % 2 == 1)
    elif mode == "rz":
        up = False
    elif mode == "ru":
        up = rest > 0 and not negative
    else:
        up = rest > 0 and negative
    r = (low + (1 if up else 0)) * quantum
    largest = (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax
    if r > largest:  # overflow: infinity where the mode rounds away from zero, else the largest
        away = mode == "rn" or (mode == "ru" and not negative) or (mode == "rd" and negative)
        r = math.inf if away else largest
    value = float(r) if r != math.inf else math.inf
    return -value if negative else value


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def _exact_zero_sign(mode: str) -> float:
    # An exact zero sum of nonzero operands is -0 when rounding down, +0 otherwise (IEEE 754 6.3).
    return -0.0 if mode == "rd" else 0.0


def add(a: float, b: float, mode: str, fmt=F64) -> float:
    if math.isnan(a) or math.isnan(b) or math.isinf(a) or math.isinf(b):
        return a + b
    q = Fraction(a) + Fraction(b)
    if q == 0:
        return a + b if (a == 0 and b == 0) else _exact_zero_sign(mode)
    return round_exact(q, fmt, mode)


def mul(a: float, b: float, mode: str, fmt=F64) -> float:
    if not (math.isfinite(a) and math.isfinite(b)) or a == 0 or b == 0:
        return a * b  # exact in every mode (inf, NaN or a signed zero)
    return round_exact(Fraction(a) * Fraction(b), fmt, mode)


def div(a: float, b: float, mode: str, fmt=F64) -> float:
    if not (math.isfinite(a) and math.isfinite(b)) or a == 0 or b == 0:
        raise ValueError("the model covers finite nonzero operands")
    return round_exact(Fraction(a) / Fraction(b), fmt, mode)


def sqrt(a: float, mode: str) -> float:
    """float64 square root in a mode: the correctly rounded root, moved by one ulp if needed."""
    if a < 0 or math.isnan(a):
        return math.nan
    if a == 0 or math.isinf(a):
        return a
    r = math.sqrt(a)  # correctly rounded to nearest
    square = Fraction(r) ** 2
    if mode == "ru" and square < a:
        r = math.nextafter(r, math.inf)
    if mode in ("rz", "rd") and square > a:
        r = math.nextafter(r, 0.0)
    return r


def fma(a: float, b: float, c: float, mode: str) -> float:
    q = Fraction(a) * Fraction(b) + Fraction(c)
    if q == 0:
        return _exact_zero_sign(mode)
    return round_exact(q, F64, mode)


def to_float32(d: float, mode: str) -> float:
    if math.isnan(d) or math.isinf(d) or d == 0:
        return d
    return round_exact(Fraction(d), F32, mode)


def to_int(x: float, mode: str, bits: int, signed: bool = True, source_bits: int = 64) -> int:
    """PTX cvt to an integer: rounded in the mode, saturated, NaN -> the top bit alone (0 from a
    float16 or float32 into 8, 16 or 32 bits: measured on an H200, a probe of __half2int_rn,
    __half2ll_rn, __float2int_rn and casts, 2026-11-26)."""
    if math.isnan(x) and source_bits <= 32 and bits <= 32:
        return 0
    if math.isnan(x):
        return -(1 << (bits - 1)) if signed else 1 << (bits - 1)
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if math.isinf(x):
        return hi if x > 0 else lo
    q = Fraction(x)
    floor = q.numerator // q.denominator
    rest = q - floor
    if mode == "rn":
        r = floor + (1 if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and floor % 2) else 0)
    elif mode == "rz":
        r = floor if q >= 0 or rest == 0 else floor + 1
    elif mode == "ru":
        r = floor + (1 if rest else 0)
    else:
        r = floor
    return min(max(r, lo), hi)


def float_bits(x: float) -> int:
    return struct.unpack("<i", struct.pack("<f", x))[0]


# ---- integer intrinsics: 32-bit arguments as Python ints -------------------------------------

def popc(x: int, bits: int = 32) -> int:
    return bin(x & ((1 << bits) - 1)).count("1")


def clz(x: int) -> int:
    return 32 - (x & 0xFFFFFFFF).bit_length()


def ffs(x: int) -> int:
    u = x & 0xFFFFFFFF
    return (u & -u).bit_length()


def brev(x: int) -> int:
    return wrap(int(f"{x & 0xFFFFFFFF:032b}"[::-1], 2), 32)


def byte_perm(x: int, y: int, s: int) -> int:
    """Byte n of the result is byte (s >> 4n) & 7 of the 8 bytes y:x."""
    both = ((y & 0xFFFFFFFF) << 32) | (x & 0xFFFFFFFF)
    r = 0
    for n in range(4):
        r |= ((both >> (8 * ((s >> (4 * n)) & 7))) & 0xFF) << (8 * n)
    return wrap(r, 32)


def hadd(x: int, y: int) -> int:
    return (x + y) >> 1  # Python's >> floors, as the arithmetic shift of the 33-bit sum does


def mulhi(x: int, y: int) -> int:
    return (x * y) >> 32


def umulhi(x: int, y: int) -> int:
    return wrap(((x & 0xFFFFFFFF) * (y & 0xFFFFFFFF)) >> 32, 32)


def mul24(x: int, y: int) -> int:
    return wrap(wrap(x, 24) * wrap(y, 24), 32)


def umax(x: int, y: int) -> int:
    return wrap(max(x & 0xFFFFFFFF, y & 0xFFFFFFFF), 32)


def sad(x: int, y: int, z: int) -> int:
    return wrap(abs(x - y) + z, 32)


def mul64hi(x: int, y: int) -> int:
    return (x * y) >> 64


# ---- the inverse error functions, from the standard library's normal quantile ----------------

def erfinv(y: float) -> float:
    from statistics import NormalDist
    if y <= -1 or y >= 1:
        return math.copysign(math.inf, y) if abs(y) == 1 else math.nan
    return NormalDist().inv_cdf((1.0 + y) / 2.0) / math.sqrt(2.0)


def erfcinv(y: float) -> float:
    from statistics import NormalDist
    return -NormalDist().inv_cdf(y / 2.0) / math.sqrt(2.0)


def normcdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def sinpi(x: float) -> float:
    """sin(pi x) for 0 <= x < 2, reduced exactly first: near an integer n, sin(pi x) is
    +-sin(pi (n - x)), and n - x is exact (Sterbenz), where pi * x would have lost the digits."""
    if x < 0.5:
        return math.sin(math.pi * x)
    if x < 1.5:
        return math.sin(math.pi * (1.0 - x))
    return -math.sin(math.pi * (2.0 - x))
