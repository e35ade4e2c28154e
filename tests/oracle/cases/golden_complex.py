"""Oracle cases of the complex-number golden programs (complex_arithmetic.py, cmath_functions.py).

The simulator runs kernels on NumPy complex scalars and Python's cmath (complex128, CPython's
algorithms and the host's libm); compiled Numba and py2cuda use Numba's lowering (CPython's
division, ports of CPython's cmath algorithms, NumPy's csqrt). Tolerances say where the two
round differently. A complex number compares part by part (compare.py).
"""
from spec import INF, NAN, Case, Kernel, Tol, out, scalar, uniform, values
from cases.common import elementwise

C128_ARITH_TOL = Tol(rtol=1e-15, atol=1e-14, why=(
    "complex128 arithmetic on both sides; NumPy's complex division (Smith's algorithm in its own "
    "arrangement) and CPython's _Py_c_quot, which Numba and py2cuda use, may round a part 1 ulp "
    "apart, and a part computed by cancellation (x - y * 2.5) is only accurate to an ulp of the "
    "operands (~1e-15 for inputs up to 10), hence the atol"))
C64_TOL = Tol(rtol=1e-6, atol=1e-6, why=(
    "complex64: z / (w + 1) is complex128 in compiled Numba (complex64 + int64 widens) but "
    "complex64 in the simulator (NumPy keeps the narrow type), rounded once at the store either "
    "way: <= a few float32 ulp (rtol 1e-6 ~ 8 ulp); parts near zero after cancellation need the "
    "atol (~ulp of operands up to 5)"))
CMATH128_TOL = Tol(rtol=1e-14, atol=1e-15, why=(
    "the simulator runs CPython's cmath, py2cuda Numba's ports of the same algorithms (NumPy's "
    "csqrt for sqrt), both over the host's libm; operations in a different order round a part a "
    "few ulp apart (rtol 1e-14 ~ 45 ulp covers the compounding in asin/atanh), and a part "
    "that is ~0 by cancellation is only accurate to ~1e-16 of the other part"))
CMATH64_TOL = Tol(rtol=2e-6, atol=2e-6, why=(
    "complex64: the simulator computes in complex128 (Python's cmath) and rounds at the store; "
    "py2cuda computes in double and rounds once too, but compiled Numba evaluates parts of each "
    "function in float32 (cosf, expf, ...; libdevice <= 2 ulp): rtol 2e-6 ~ 16 float32 ulp; "
    "rect(r, phi) gets r and phi as float32 in compiled Numba but as unrounded Python floats in "
    "the simulator, whose 0.5-ulp differences cos/sin carry into the parts, hence the atol"))

_SAMPLE_A = [1 + 2j, -3.5 + 0.25j, 4j, 2 - 1j]
_SAMPLE_B = [0.5 - 1j, 2 + 2j, -1 + 0j, 1e-3 + 3j]


def _c(re, im):
    """A complex number built part by part (re + im * 1j would turn an infinite part into NaNs)."""
    return complex(re, im)


COMPLEX_ARITHMETIC = [
    Kernel("arithmetic", elementwise(
        # Divisors away from zero: a zero divisor ends the thread in Numba (ZeroDivisionError),
        # which the simulator reports as an error instead.
        lambda n: [uniform("complex128", n, -10.0, 10.0, seed=301), uniform("complex128", n, 0.5, 4.0, seed=302),
                   out("complex128", (n, 8))], sizes=(1, 37, 1000), tol=C128_ARITH_TOL) + [
        Case("sample", grid=1, block=32, args=[values("complex128", _SAMPLE_A), values("complex128", _SAMPLE_B),
                                                out("complex128", (4, 8))], tol=C128_ARITH_TOL),
        Case("signed-zeros-and-specials", grid=1, block=32,
             args=[values("complex128", [_c(-0.0, 0.0), _c(INF, 1.0), _c(NAN, 2.0), _c(1e300, -1e300)]),
                   values("complex128", [_c(1.0, -0.0), _c(2.0, 0.5), _c(1.0, 1.0), _c(1e-300, 1e300)]),
                   out("complex128", (4, 8))], tol=C128_ARITH_TOL),
    ]),
    Kernel("single_precision", elementwise(
        lambda n: [uniform("complex64", n, -5.0, 5.0, seed=303), uniform("float32", n, 0.5, 3.0, seed=304),
                   out("complex64", (n, 3)), out("float32", (n, 3))], sizes=(1, 37, 1000), tol=C64_TOL) + [
        Case("sample", grid=1, block=32,
             args=[values("complex64", [1 + 1j, -2.5 + 0.5j, 0.25j, 3 - 4j]), values("float32", [2.0, -1.0, 4.0, 0.5]),
                   out("complex64", (4, 3)), out("float32", (4, 3))], tol=C64_TOL),
    ]),
    Kernel("mixed_and_compare", elementwise(
        lambda n: [uniform("complex64", n, -2.0, 2.0, seed=305), uniform("float64", n, -2.0, 2.0, seed=306),
                   out("complex128", n), out("bool", (n, 4))], sizes=(1, 37, 1000)) + [
        Case("equalities", grid=1, block=32,
             args=[values("complex64", [2 + 0j, 1 + 1j, 0j, -0.5 + 0j, _c(NAN, 0.0), _c(0.0, NAN), _c(-0.0, -0.0)]),
                   values("float64", [2.0, 1.0, 0.0, 3.0, NAN, 0.0, 0.0]),
                   out("complex128", 7), out("bool", (7, 4))]),
    ]),
    Kernel("shift", elementwise(
        lambda n: [uniform("complex64", n, -4.0, 4.0, seed=307), scalar("complex128", complex(0.25, -2.0))],
        sizes=(1, 37)) + [
        Case("special-scalar", grid=1, block=32,
             args=[values("complex64", [1 + 1j, _c(-0.0, 0.5)]), scalar("complex128", _c(INF, -0.0))]),
    ]),
]

_CMATH_POINTS = [0.5 + 0.25j, -1.5 + 2j, 3 - 0.75j, -0.25 - 0.5j, _c(0.0, 0.0), _c(-0.0, -0.0), 1 + 0j,
                 _c(-1.0, 0.0), _c(-1.0, -0.0), 2j, -2j, 1e-8 + 1e-8j, 20 + 1j, -20 - 1j, _c(0.0, 1.0)]
# Points where CPython's cmath raises (log(0), atanh(+-1), atan(+-1j), log10(0)) are left out
# of the simulated cases: Numba returns infinities there, and the unit tests check them.
_CMATH_SAFE = [z for z in _CMATH_POINTS if z not in (0j, 1 + 0j, -1 + 0j, 1j, -1j)]

CMATH = [
    Kernel("elementary", elementwise(
        lambda n: [uniform("complex128", n, -3.0, 3.0, seed=311), out("complex128", (n, 8))],
        sizes=(1, 37, 1000), tol=CMATH128_TOL) + [
        Case("points", grid=1, block=32,
             args=[values("complex128", _CMATH_SAFE), out("complex128", (len(_CMATH_SAFE), 8))], tol=CMATH128_TOL),
    ]),
    Kernel("inverse_and_hyperbolic", elementwise(
        lambda n: [uniform("complex128", n, -3.0, 3.0, seed=312), out("complex128", (n, 9))],
        sizes=(1, 37, 1000), tol=CMATH128_TOL) + [
        Case("points", grid=1, block=32,
             args=[values("complex128", _CMATH_SAFE), out("complex128", (len(_CMATH_SAFE), 9))], tol=CMATH128_TOL),
    ]),
    Kernel("single_precision", elementwise(
        lambda n: [uniform("complex64", n, -3.0, 3.0, seed=313), out("complex64", (n, 4)), out("float32", (n, 3))],
        sizes=(1, 37, 1000), tol=CMATH64_TOL)),
    Kernel("predicates_and_reals", [
        Case("specials", grid=1, block=32,
             args=[values("complex128", [1 + 1j, _c(NAN, 0.0), _c(0.0, INF), _c(-INF, NAN), _c(INF, INF),
                                         _c(-0.0, NAN), _c(1e308, -1e308)]),
                   values("float64", [4.0, -4.0, 0.0, 2.25, -0.0, INF, -INF]),
                   out("bool", (7, 3)), out("complex128", 7)]),
    ] + elementwise(
        lambda n: [uniform("complex128", n, -1e3, 1e3, seed=314), uniform("float64", n, -100.0, 100.0, seed=315),
                   out("bool", (n, 3)), out("complex128", n)], sizes=(37,), tol=CMATH128_TOL)),
]

TABLE = {
    "tests/golden/complex_arithmetic.py": COMPLEX_ARITHMETIC,
    "tests/golden/cmath_functions.py": CMATH,
}
