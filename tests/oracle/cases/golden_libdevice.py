"""Oracle cases for tests/golden/libdevice.py.

Numba's simulator cannot run libdevice calls (its numba.cuda.libdevice functions are the
documentation stubs, returning None), so every case gives its expected outputs from first
principles (cases/libdevice_model.py): exact rational arithmetic rounded in each mode, PTX's
saturating conversions, the integer intrinsics' definitions, and Python's math for the
transcendental functions (within a tolerance that says why).
"""
import math
from fractions import Fraction

from spec import INF, NAN, Case, Kernel, Tol, blocks_for, out, values
from cases.common import block_for, prand, prand_ints
from cases import libdevice_model as m

WHY = ("the simulator's numba.cuda.libdevice functions are documentation stubs that return None; "
       "the values are the functions' definitions (cases/libdevice_model.py)")


def launch(n: int) -> dict:
    block = block_for(n)
    return {"grid": blocks_for(n, block), "block": block}


# ---- rounding_modes: float64 add, divide, square root and fma in a rounding mode --------------

def rounding_row(a: float, b: float) -> list[float]:
    return [m.add(a, b, "rn"), m.add(a, b, "rz"), m.add(a, b, "ru"), m.add(a, b, "rd"),
            m.div(a, b, "rz"), m.div(a, b, "ru"), m.sqrt(abs(a), "rd"), m.fma(a, b, 1.0, "ru")]


def rounding_case(label: str, a: list[float], b: list[float]) -> Case:
    n = len(a)
    return Case(label, **launch(n), args=[values("float64", a), values("float64", b), out("float64", (n, 8))],
                expect={"out": values("float64", [rounding_row(x, y) for x, y in zip(a, b)], shape=(n, 8))},
                why=WHY)


ROUNDING_A = [1.0, 1.0, -1.0, 0.1, 3.0, 1e-310, -2.5, 1e308]
ROUNDING_B = [2.0 ** -60, 3.0, 3.0, 0.2, -7.0, 3e-310, 2.5, 1e308]

ROUNDING = [
    Kernel("rounding_modes", [
        # Ties and exact results, subnormals, an exact zero sum (-0.0 when rounding down) and an
        # overflowing sum (inf to nearest and up, the largest double toward zero and down).
        rounding_case("edges", ROUNDING_A, ROUNDING_B),
        rounding_case("size=37", prand(37, -100.0, 100.0, seed=301), prand(37, 0.5, 50.0, seed=302)),
        rounding_case("size=300", prand(300, -1e-3, 1e3, seed=303), prand(300, -1e5, -1e-5, seed=304)),
    ]),
]


# ---- float32_rounding: float32 arithmetic and float64 -> float32 in a rounding mode -----------

def float32_row(x: float, y: float, d: float) -> list[float]:
    f = m.F32
    return [m.add(x, y, "rd", f), m.mul(x, y, "ru", f), m.div(x, y, "rz", f), m.div(1.0, y, "rn", f),
            m.to_float32(d, "rd"), m.to_float32(d, "ru")]


def float32_case(label: str, xs, ys, ds) -> Case:
    xs = [m.f32(v) for v in xs]
    ys = [m.f32(v) for v in ys]
    n = len(xs)
    return Case(label, **launch(n),
                args=[values("float32", xs), values("float32", ys), values("float64", ds), out("float32", (n, 6))],
                expect={"out": values("float32", [float32_row(*r) for r in zip(xs, ys, ds)], shape=(n, 6))},
                why=WHY)


FLOAT32 = [
    Kernel("float32_rounding", [
        float32_case("edges", [1.0, 0.1, -3.0, 3e38, -1e-38], [2.0 ** -30, 3.0, 7.0, 3e38, 1e-3],
                     [1.0 / 3.0, -1e300, 0.1, 1e-50, 3.4028235e38]),
        float32_case("size=100", prand(100, -1e4, 1e4, seed=305), prand(100, 1e-3, 1e3, seed=306),
                     prand(100, -1e40, 1e40, seed=307)),
    ]),
]


# ---- conversions: float64 -> int32/uint32/int64 in each mode, saturating --------------------

def conversions_row(i: int, d: float) -> list[int]:
    as_f32 = d if math.isnan(d) else m.to_float32(d, "rn")
    return [m.to_int(d, "rn", 32), m.to_int(d, "rz", 32), m.to_int(d, "ru", 32), m.to_int(d, "rd", 32),
            m.wrap(m.to_int(d, "rz", 32, signed=False), 32), m.to_int(d, "ru", 64),
            m.to_int(as_f32, "rn", 32, source_bits=32),
            m.float_bits(m.round_exact(Fraction(m.wrap(i * 16777215, 32)), m.F32, "rz"))]


def conversions_case(label: str, ds) -> Case:
    n = len(ds)
    return Case(label, **launch(n), args=[values("float64", ds), out("int64", (n, 8))],
                expect={"out": values("int64", [conversions_row(i, d) for i, d in enumerate(ds)], shape=(n, 8))},
                why=WHY)


CONVERSIONS = [
    Kernel("conversions", [
        # Ties (to even for rn), negative values, saturation (int32 and uint32), NaN (the top bit),
        # infinities, and 2**24 + 1 (not a float32).
        conversions_case("edges", [2.5, -2.5, 3.7, -0.2, 5e9, -5e9, NAN, 16777217.0, INF, -INF, 0.5,
                                   -0.0, 2147483647.5, 4294967295.5, 1e19]),
        conversions_case("size=200", prand(200, -3e9, 3e9, seed=308)),
        conversions_case("size=64", prand(64, -10.0, 10.0, seed=309, step=0.25)),
    ]),
]


# ---- integer_intrinsics -----------------------------------------------------------------------

def integer_row(x: int, y: int) -> list[int]:
    return [m.popc(x), m.clz(x), m.ffs(x), m.brev(x), m.byte_perm(x, y, 0x5140), m.hadd(x, y),
            m.mulhi(x, y), m.umulhi(x, y), m.mul24(x, y), m.umax(x, y), m.sad(x, y, 7),
            m.popc(m.mul64hi(x, y) + 1, 64)]


def integer_case(label: str, xs, ys) -> Case:
    n = len(xs)
    return Case(label, **launch(n), args=[values("int32", xs), values("int32", ys), out("int64", (n, 12))],
                expect={"out": values("int64", [integer_row(x, y) for x, y in zip(xs, ys)], shape=(n, 12))},
                why=WHY)


INT_MIN, INT_MAX = -2**31, 2**31 - 1
INTEGERS = [
    Kernel("integer_intrinsics", [
        integer_case("edges", [0, -1, 12345, INT_MIN, 0x01234567, INT_MAX, INT_MIN, 0x00800000],
                     [5, 3, -7, -1, INT_MAX, INT_MAX, INT_MIN, 2]),
        integer_case("size=37", prand_ints(37, INT_MIN, INT_MAX, seed=310), prand_ints(37, INT_MIN, INT_MAX, seed=311)),
        integer_case("size=1000", prand_ints(1000, -1000, 1000, seed=312), prand_ints(1000, INT_MIN, INT_MAX, seed=313)),
    ]),
]


# ---- pointer_results: modf and frexp return tuples --------------------------------------------

def pointer_case(label: str, xs) -> Case:
    n = len(xs)
    parts = [math.modf(x) for x in xs]
    mants = [math.frexp(x) for x in xs]
    return Case(label, **launch(n),
                args=[values("float64", xs), out("float64", n), out("float64", n), out("float64", n), out("int32", n)],
                expect={"frac": values("float64", [p[0] for p in parts]),
                        "whole": values("float64", [p[1] for p in parts]),
                        "mant": values("float64", [p[0] for p in mants]),
                        "expo": values("int32", [p[1] for p in mants])},
                why=WHY + "; C's modf and frexp, which Python's math.modf and math.frexp equal for finite x")


POINTERS = [
    Kernel("pointer_results", [
        pointer_case("edges", [2.75, -2.75, 0.0, -0.0, 1024.5, 5e-324, -1e308, 0.5, 3.0]),
        pointer_case("size=100", prand(100, -1e6, 1e6, seed=314)),
    ]),
]


# ---- float32_math and float64_math: within a tolerance ------------------------------------------

MATH32_TOL = Tol(rtol=2e-6, atol=1e-7, why=(
    "float32 functions: libdevice's sinf/normcdff/erfinvf are within 1-2 float32 ulp and __expf "
    "within 2 + 1.16|x| ulp (CUDA Math API), the emulation's within 1-2 ulp, against Python's "
    "float64 value rounded to float32; rtol 2e-6 is ~16 ulp; s*s + c*c is 1 within a few ulp; "
    "the half round trip and saturatef are exact"))


def float32_math_row(v: float) -> list[float]:
    half = m.round_exact(Fraction(v), (11, -14, 15), "rn") if v else v  # binary16
    return [m.f32(math.sin(v)), m.f32(math.exp(v)), m.f32(m.normcdf(v)), m.f32(m.erfinv(v)), 1.0, half,
            min(max(2.0 * v, 0.0), 1.0)]


def float32_math_case(label: str, xs) -> Case:
    xs = [m.f32(v) for v in xs]
    n = len(xs)
    return Case(label, **launch(n), args=[values("float32", xs), out("float32", (n, 7))], tol=MATH32_TOL,
                expect={"out": values("float32", [float32_math_row(v) for v in xs], shape=(n, 7))}, why=WHY)


MATH64_TOL = Tol(rtol=4e-15, why=(
    "float64 functions: libdevice's within 1-2 ulp (erfcinv and sinpi up to 4-5 ulp per the CUDA "
    "Math API), the emulation's (sin of the exactly reduced pi*x; Newton's method for erfcinv) "
    "within 1-2 ulp, and the references (Python's math; statistics.NormalDist.inv_cdf for "
    "erfcinv) within 1 ulp: rtol 4e-15 is ~18 ulp"))


def float64_math_row(w: float) -> list[float]:
    return [m.sinpi(w), 1.0 / math.sqrt(w), m.erfcinv(w), 10.0 ** w, math.hypot(w, 1.0), math.cbrt(w)]


def float64_math_case(label: str, xs) -> Case:
    n = len(xs)
    return Case(label, **launch(n), args=[values("float64", xs), out("float64", (n, 6))], tol=MATH64_TOL,
                expect={"out": values("float64", [float64_math_row(w) for w in xs], shape=(n, 6))}, why=WHY)


MATH = [
    Kernel("float32_math", [
        float32_math_case("sample", [0.25, 0.5, 0.75]),
        float32_math_case("size=200", prand(200, -0.99, 0.99, seed=315)),
    ]),
    Kernel("float64_math", [
        float64_math_case("sample", [0.25, 0.5, 0.75]),
        float64_math_case("size=200", prand(200, 0.01, 1.99, seed=316)),
    ]),
]

TABLE = {
    "tests/golden/libdevice.py": ROUNDING + FLOAT32 + CONVERSIONS + INTEGERS + POINTERS + MATH,
}
