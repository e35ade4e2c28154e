"""Oracle cases for samples/*.py.

Float32 kernels: Numba's simulator runs a kernel as Python on NumPy scalars. A math-module
function of a float32 then computes in float64 (Python's math), and NumPy's weak-scalar rule
keeps `float32 op python_float` in float32, where compiled Numba (and py2cuda) calls the
float32 function (expf, cosf) and widens `float32 op float64-literal` to float64. The two round
differently, so such kernels are compared with a tolerance whose reason is written next to it.
Plain float32 +, -, *, / give the same bits in both (and so does float64 arithmetic rounded
once to float32: double rounding is innocuous for these operations), and are compared exactly.
"""
import math

from spec import (INF, NAN, SENTINEL, Case, Kernel, Tol, arange, blocks_for, cycle, full, integers,
                  linspace, out, rng_states, scalar, uniform, values)
from cases import warp_model
from cases.common import SIZES, elementwise, f32, prand, u64

# ---- hypot_kernel.py -------------------------------------------------------------------------

HYPOT_TOL = Tol(rtol=1e-6, why=(
    "compiled Numba computes x * sqrt(1 + t*t) in float64 (1 is an int64 literal) and rounds once "
    "at the float32 return; the simulator keeps 1 + t*t in float32 (NumPy's weak-scalar rule) and "
    "rounds twice more: <= 2 float32 ulp apart (rtol 1e-6 is ~8 ulp)"))

# (x, y) pairs: an exact triple, negative inputs, squares that overflow float32, infinities,
# 0/0 (nan), a subnormal, and one NaN input (see the override below).
HYPOT_EDGES_X = [3.0, -6.0, 3.0e30, INF, 0.0, -0.0, 1e-45, -INF, 1.0, 65504.0, 0.0, 1e20, NAN]
HYPOT_EDGES_Y = [4.0, -8.0, 4.0e30, 1.0, 0.0, 0.0, 1e-45, -INF, NAN, 0.0, 5.0, 1e-20, NAN]


def hypot_args(n):
    return [uniform("float32", n, -1e4, 1e4, seed=1), uniform("float32", n, -1e3, 1e3, seed=2),
            out("float32", n)]


HYPOT = [
    Kernel("hypot_kernel", elementwise(hypot_args, tol=HYPOT_TOL) + [
        Case("edges,size=37", grid=2, block=32,
             args=[cycle("float32", 37, HYPOT_EDGES_X).at({36: NAN}),
                   cycle("float32", 37, HYPOT_EDGES_Y).at({36: 1.0}),
                   out("float32", 37)],
             tol=HYPOT_TOL,
             override={"out": {36: f32(math.sqrt(2.0))}},
             why=("hypot(nan, 1): min and max of two floats are CUDA's fmin/fmax, which drop the "
                  "NaN: t = 1, x = 1, 1 * sqrt(1 + 1) = sqrt(2); the simulator uses Python's "
                  "min/max, which keep the NaN when it comes first, and returns nan")),
    ]),
]

# ---- gaussian_pdf.py -------------------------------------------------------------------------

GAUSS_TOL = Tol(rtol=1e-5, why=(
    "compiled Numba computes exp's argument and the division in float64 and rounds once to "
    "float32; the simulator, under NumPy 1.x's value-based casting, keeps the float32 operands "
    "of -0.5 * z ** 2 and of the division in float32, so exp's argument can differ by a float32 "
    "rounding (an error of up to |arg| * 6e-8, about 2e-6 relative for the smallest results "
    "here) and its result is rounded to float32 before the division. Inputs keep every result "
    "in float32's normal range; samples/gaussian_pdf.expected checks the exact values"))


def gauss_args(n, mean, sigma, lo=-4.0, hi=4.0):
    return [linspace("float32", n, lo, hi), scalar("float32", mean), scalar("float32", sigma),
            out("float32", n)]


GAUSS = [
    Kernel("gaussian_pdf", [
        Case("size=1", grid=1, block=32, args=gauss_args(1, 0.0, 1.0), tol=GAUSS_TOL),
        Case("size=37", grid=2, block=32, args=gauss_args(37, 0.0, 1.0), tol=GAUSS_TOL),
        Case("size=1000", grid=8, block=128, args=gauss_args(1000, 1.5, 0.5), tol=GAUSS_TOL),
        Case("size=4099", grid=17, block=256, args=gauss_args(4099, 0.25, -2.0), tol=GAUSS_TOL),
        Case("edges,size=37", grid=2, block=32,
             args=[cycle("float32", 37, [NAN, INF, -INF, 0.0, -0.0, 1e-45, 3.4e38, 0.5]),
                   scalar("float32", 0.5), scalar("float32", 1.0), out("float32", 37)],
             tol=GAUSS_TOL),
        # sigma = 0: (x - mean) / 0 is +-inf (or nan where x == mean), exp(-inf) = 0, 0 / 0 = nan.
        Case("sigma=0,size=37", grid=2, block=32, args=gauss_args(37, 0.0, 0.0), tol=GAUSS_TOL),
    ]),
]

# ---- polar_distance.py -----------------------------------------------------------------------

POLAR_TOL = Tol(rtol=1e-6, atol=1e-6, why=(
    "compiled Numba uses cosf/sinf, the simulator cos/sin in float64 rounded to float32 "
    "(<= 1 ulp apart per coordinate); x1 - x2 can cancel, leaving an absolute error of a few "
    "ulp of the coordinates (|rho| <= 2, ulp 2.4e-7), hence atol 1e-6; ** 0.5 is float64 pow in "
    "Numba and float32 pow in the simulator (<= 1 ulp)"))


def polar_args(n):
    return [uniform("float32", n, 0.0, 2.0, seed=3), uniform("float32", n, -7.0, 7.0, seed=4),
            uniform("float32", n, 0.0, 2.0, seed=5), uniform("float32", n, -7.0, 7.0, seed=6),
            out("float32", n)]


POLAR = [
    Kernel("polar_distance", elementwise(polar_args, tol=POLAR_TOL) + [
        # The same point twice (0), opposite unit vectors (2), the origin, a huge angle, NaN and
        # infinite radii (inf * cos gives inf - inf = nan or inf).
        Case("edges,size=37", grid=2, block=32,
             args=[cycle("float32", 37, [1.25, 1.0, 0.0, 1.0, NAN, INF, 2.0]),
                   cycle("float32", 37, [0.5, 0.0, 3.0, 1e6, 0.0, 0.0, -0.0]),
                   cycle("float32", 37, [1.25, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0]),
                   cycle("float32", 37, [0.5, math.pi, 1.0, -1e6, 0.0, 0.0, 0.0]),
                   out("float32", 37)],
             tol=POLAR_TOL),
    ]),
]

# ---- zero_suppression.py ---------------------------------------------------------------------


def zero_args(n, threshold):
    return [integers("int16", n, -32768, 32767, seed=7).at({0: -32768, n - 1: 32767}),
            scalar("int16", threshold), out("int16", n)]


ZERO = [
    Kernel("zero_suppress", [
        Case("size=1,threshold=0", grid=1, block=32, args=zero_args(1, 0)),
        Case("size=37,threshold=15", grid=2, block=32,
             args=[cycle("int16", 37, [15, 14, 16, -32768, 32767, 0, -1]), scalar("int16", 15),
                   out("int16", 37)]),
        Case("size=1000,threshold=-32768", grid=8, block=128, args=zero_args(1000, -32768)),
        Case("size=4099,threshold=32767", grid=33, block=128, args=zero_args(4099, 32767)),
        Case("size=4099,threshold=-5", grid=17, block=256, args=zero_args(4099, -5)),
    ]),
]

# ---- make_pulses.py --------------------------------------------------------------------------


def pulses_tol(amplitude):
    return Tol(rtol=1e-6, atol=abs(amplitude) * 1e-6, why=(
        "compiled Numba uses sinf and computes (sin - 0.3) * amplitude in float64; the simulator "
        "uses float64 sin and multiplies in float32 (NumPy's weak-scalar rule): sin - 0.3 can "
        "cancel, so the error is absolute, a few float32 ulp of 1 (2.4e-7) times |amplitude|"))


def pulses_args(n, period, amplitude):
    return [arange("float32", n), scalar("float32", period), scalar("float32", amplitude),
            out("float32", n)]


def add_args(n):
    return [uniform("float32", n, -1e3, 1e3, seed=8), uniform("float32", n, -1e3, 1e3, seed=9),
            out("float32", n)]


PULSES = [
    Kernel("make_pulses", [
        Case(f"size={n}", grid=blocks_for(n, 128), block=128, args=pulses_args(n, n / 23, 100.0),
             tol=pulses_tol(100.0)) for n in SIZES] + [
        Case("nan,size=37", grid=2, block=32,
             args=[linspace("float32", 37, -50.0, 50.0).at({3: NAN, 36: NAN}),
                   scalar("float32", 7.5), scalar("float32", -2.5), out("float32", 37)],
             tol=pulses_tol(-2.5),
             override={"out": {3: -0.0, 36: -0.0}},
             why=("max(nan - 0.3, 0.0) is CUDA's fmax of two floats, which returns the non-NaN "
                  "operand: 0.0 * -2.5 = -0.0; the simulator uses Python's max, which returns "
                  "the NaN because it comes first")),
        Case("period=0,size=37", grid=2, block=32, args=pulses_args(37, 0.0, 100.0),
             expect={"out": full("float32", 37, 0.0)},
             why=("i / 0 is inf (nan for 0 / 0), sin of either is nan, and fmax(nan - 0.3, 0.0) "
                  "is 0.0, so every output is 0.0 * 100 = 0.0; the simulator cannot run this: "
                  "Python's math.sin raises ValueError for an infinite argument")),
    ]),
    Kernel("add", elementwise(add_args) + [
        # Exact: one float32 addition on both sides. Overflow, inf - inf, signed zeros,
        # subnormals, and a sum that rounds to even.
        Case("edges,size=37", grid=2, block=32,
             args=[cycle("float32", 37, [INF, 3.4e38, -0.0, 0.0, 1e-45, NAN, 1.0, 16777216.0]),
                   cycle("float32", 37, [-INF, 3.4e38, -0.0, -0.0, 1e-45, 1.0, 1e-8, 1.0]),
                   out("float32", 37)]),
    ]),
]

# ---- hidden_layer.py -------------------------------------------------------------------------

ACTIVATE_TOL = Tol(rtol=1e-6, atol=5e-7, why=(
    "compiled Numba computes (exp(v) - exp(-v)) / (exp(v) + exp(-v)) with float32 expf, the "
    "simulator in float64 (Python's math.exp): the float32 difference cancels for small v, "
    "leaving an absolute error of a few float32 ulp of 1 (<= 4.8e-7)"))


def activate_args(n):
    return [uniform("float32", n, -3.0, 3.0, seed=10), out("float32", n)]


HIDDEN = [
    # grayscales / 255.0 is float32 / float64 -> float64, rounded to float32 by the store; the
    # simulator divides in float32. Double rounding of a quotient is innocuous: exact.
    Kernel("normalize", elementwise(lambda n: [integers("float32", n, 0, 255, seed=11),
                                               out("float32", n)]) + [
        Case("edges,size=37", grid=2, block=32,
             args=[cycle("float32", 37, [0.0, 255.0, -255.0, NAN, INF, 1e38, 1e-45, -0.0]),
                   out("float32", 37)]),
    ]),
    Kernel("weigh", elementwise(lambda n: [uniform("float32", n, 0.0, 1.0, seed=12),
                                           uniform("float32", n, 0.3, 0.7, seed=13),
                                           out("float32", n)])),
    Kernel("activate", elementwise(activate_args, tol=ACTIVATE_TOL) + [
        Case("edges,size=37", grid=2, block=32,
             args=[cycle("float32", 37, [0.0, -0.0, 1e-3, -1e-3, 1e-30, 10.0, -10.0, 50.0, NAN,
                                         20.0, 0.5]).at({34: 89.0, 35: 100.0, 36: -100.0}),
                   out("float32", 37)],
             tol=ACTIVATE_TOL,
             override={"out": {34: NAN, 35: NAN, 36: NAN}},
             why=("float32 expf(89) and expf(100) overflow to inf (float32's largest value is "
                  "e**88.7), so the formula is inf / inf = nan, and for v = -100 it is "
                  "-inf / inf = nan; the simulator's float64 exp does not overflow and gives +-1")),
    ]),
]

# ---- saxpy_grid_stride.py --------------------------------------------------------------------


def saxpy_args(n, a):
    # Integers and multiples of 0.25 below 2**21: a * x + y is exact in float32, so a GPU's FMA
    # contraction (or a host compiler's) cannot change the bits.
    return [scalar("float32", a), arange("float32", n), arange("float32", n, 0.0, 0.25),
            out("float32", n)]


SAXPY = [
    Kernel("saxpy", [
        Case("size=1", grid=1, block=32, args=saxpy_args(1, 2.5)),
        Case("size=37", grid=1, block=32, args=saxpy_args(37, 2.5)),  # thread 0..4 do two each
        Case("size=1000", grid=2, block=64, args=saxpy_args(1000, -1.0)),
        Case("size=5000", grid=4, block=64, args=saxpy_args(5000, 2.5)),
        Case("size=5000,oversized", grid=40, block=128, args=saxpy_args(5000, -1.0)),
        # A 2-D launch of a 1-D kernel: grid(1) and gridsize(1) use x only, so the two rows of
        # threads write the same values.
        Case("size=4099", grid=(3, 2), block=(32, 2), args=saxpy_args(4099, 0.75),
             benign_race="the two rows of threads store the same values into the same elements"),
    ]),
]

# ---- matrix_2d.py ----------------------------------------------------------------------------


def matrix_args(rows, cols):
    return [uniform("float32", (rows, cols), -1e3, 1e3, seed=14),
            uniform("float32", (rows, cols), -1e3, 1e3, seed=15), out("float32", (rows, cols))]


def transpose_args(rows, cols):
    return [uniform("float32", (rows, cols), -1e3, 1e3, seed=16), out("float32", (cols, rows))]


MATRIX = [
    Kernel("matrix_add", [
        Case("shape=37x50", grid=(3, 4), block=(16, 16), args=matrix_args(37, 50)),
        Case("shape=1x1", grid=(1, 1), block=(16, 16), args=matrix_args(1, 1)),
        Case("shape=64x64", grid=(4, 4), block=(16, 16), args=matrix_args(64, 64)),
        Case("shape=100x3", grid=(4, 2), block=(32, 2), args=matrix_args(100, 3)),
        Case("shape=10x10,oversized", grid=(3, 3), block=(8, 8), args=matrix_args(10, 10)),
        Case("edges,shape=5x8", grid=(1, 1), block=(8, 8),
             args=[cycle("float32", (5, 8), [INF, NAN, -0.0, 1e-45, 3.4e38, 1.0, 2.0]),
                   cycle("float32", (5, 8), [-INF, 1.0, -0.0, 1e-45, 3.4e38, 1e-8]),
                   out("float32", (5, 8))]),
    ]),
    # x walks the columns of `a`: grid x covers cols, grid y covers rows.
    Kernel("transpose", [
        Case("shape=37x50", grid=(4, 3), block=(16, 16), args=transpose_args(37, 50)),
        Case("shape=1x1", grid=(1, 1), block=(16, 16), args=transpose_args(1, 1)),
        Case("shape=3x100", grid=(4, 1), block=(32, 4), args=transpose_args(3, 100)),
        Case("shape=64x17", grid=(2, 8), block=(16, 8), args=transpose_args(64, 17)),
    ]),
]

# ---- python_semantics.py ---------------------------------------------------------------------
# One-thread probes of Numba's typing rules. The simulator types like NumPy, so many results
# need first-principles values; each override says why.

INT_WIDTHS_WHY = (
    "the simulator computes in NumPy's types: int32 + int32, int32 * int32, uint32 + int literal "
    "and uint32 - uint32 wrap in 32 bits, where Numba widens to int64 (uint64 for uint32 - "
    "uint32, which then wraps modulo 2**64)")


def int_widths_case(label, a32, n32, u32, b32, a64):
    return Case(label, grid=1, block=1,
                args=[values("int32", a32), scalar("int32", n32), scalar("uint32", u32),
                      values("uint32", b32), values("int64", a64), out("int64", 6), out("uint64", 2)],
                override={"out": {0: a32[0] + a32[1], 1: n32 * n32, 2: u32 + 1},
                          "out_u": {0: u64(b32[0] - b32[1])}},
                why=INT_WIDTHS_WHY)


SEMANTICS = [
    Kernel("integer_widths", [
        int_widths_case("sample", [2147483647, 1, -2147483648], 100000, 4294967295, [3, 5, 1],
                        [9223372036854775807]),
        int_widths_case("negative", [-2147483648, -1, 5], -46341, 123, [0, 4294967295, 7],
                        [-9223372036854775808]),
    ]),
    Kernel("floor_division", [
        Case("sample", grid=1, block=32,
             args=[values("int64", [7, -7, 7, -7, 7, -7, 0]), values("int64", [2, 2, -2, -2, 0, 0, 5]),
                   out("int64", 7), out("int64", 7),
                   values("float64", [7.5, -7.5, 7.5, -7.5, 1.0, -1.0, 0.0]),
                   values("float64", [2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 5.0]),
                   out("float64", 7), out("float64", 7)]),
        # Random operands with zero divisors among them. NumPy's float // and % use the same
        # fmod-based algorithm as CPython and Numba (exact remainders), so the bits must agree.
        Case("size=1000", grid=8, block=128,
             args=[integers("int64", 1000, -50, 50, seed=17), integers("int64", 1000, -7, 7, seed=18),
                   out("int64", 1000), out("int64", 1000),
                   uniform("float64", 1000, -100.0, 100.0, seed=19).at({0: -0.0, 1: INF, 2: NAN}),
                   uniform("float64", 1000, -8.0, 8.0, seed=20).at({3: 0.0, 4: -0.0}),
                   out("float64", 1000), out("float64", 1000)]),
    ]),
    Kernel("true_division", [
        Case("sample", grid=1, block=1,
             args=[values("int64", [7, 2, 0, 0]), values("float32", [1.0, 3.0]),
                   out("float64", 3), out("float32", 1)]),
        Case("negative", grid=1, block=1,
             args=[values("int64", [-9007199254740993, 3, 0, -5]), values("float32", [-2.0, 7.0]),
                   out("float64", 3), out("float32", 1)]),
    ]),
    Kernel("powers", [
        Case("sample", grid=1, block=1,
             args=[values("int64", [3, 2, -2, 2, -1, 1, -1]), values("int64", [4, 62, 3, -1, -3, -7, 0]),
                   values("float32", [3.0, 2.0]), values("float64", [2.25]),
                   out("int64", 7), out("float64", 5)],
             override={"out_float": {1: f32(1.0 / (3.0 * 3.0)), 2: 2.0 ** 0.5}},
             why=("float32 ** 0.5 is float32 ** float64: Numba computes pow in float64; the "
                  "simulator's NumPy keeps float32 ** python-float in float32. float32 ** -2 is "
                  "float32 in Numba (1 / (x * x)); NumPy 1.x's simulator computes it in float64")),
        Case("other", grid=1, block=1,
             args=[values("int64", [0, 5, -3, 7, 10]), values("int64", [0, 3, 5, 2, 18]),
                   values("float32", [-1.5, 0.25]), values("float64", [0.0625]),
                   out("int64", 5), out("float64", 5)],
             override={"out_float": {1: f32(1.0 / (1.5 * 1.5))}},
             why="float32 ** -2 is float32 in Numba (1 / (x * x)); NumPy 1.x's simulator computes it in float64"),
    ]),
    Kernel("float_promotion", [
        Case("sample", grid=1, block=1,
             args=[values("float32", [1.0e-45, 16777216.0, 1.0, 1.0, 1.0, 1.0]),
                   values("int32", [16777217]), out("float64", 5)],
             override={"out": {0: f32(1.0e-45) * 0.5, 1: 16777216.0 + 1, 4: 16777216.0 + 4}},
             why=("float32 * 0.5 and float32 + 1 are float64 in Numba (the literals are float64 "
                  "and int64), float32 in the simulator (NumPy's weak-scalar rule); `s = 0` "
                  "then `s += float32` makes s float64 in Numba, float32 in the simulator, so "
                  "0 + 16777216 + 1 + 1 + 1 + 1 is 16777220 exactly, not 16777216")),
    ]),
    Kernel("rounding", [
        # NaN and infinities are left out: round() and int() of them are out-of-range
        # conversions (undefined in LLVM), and Python's raise.
        Case("sample", grid=1, block=32,
             args=[values("float64", [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.7, -2.7, -0.0]),
                   out("int64", 9), out("int64", 9), out("float64", 9), out("float64", 9)],
             override={"floors": {8: -0.0}, "ceils": {3: -0.0, 8: -0.0}},
             why=("math.floor / math.ceil return floats on CUDA, so floor(-0.0), ceil(-0.5) and "
                  "ceil(-0.0) are -0.0; Python's return the int 0, stored as 0.0")),
        # -250.5, -250.0, ..., 249.0: ties (half to even), integers, and -0.5 at index 500.
        Case("size=1000", grid=8, block=128,
             args=[arange("float64", 1000, -250.5, 0.5), out("int64", 1000), out("int64", 1000),
                   out("float64", 1000), out("float64", 1000)],
             override={"ceils": {500: -0.0}},
             why="ceil(-0.5) is -0.0 on CUDA (a float), the int 0 in Python"),
    ]),
    Kernel("min_max", [
        Case("sample", grid=1, block=1,
             args=[values("float64", [NAN, 2.5, -0.0, 0.0]), values("int32", [3]), out("float64", 8)],
             override={"out": {0: 1.0, 1: 1.0, 2: 1.0, 3: 1.0, 5: 0.0, 6: -0.0}},
             why=("min/max of two floats are CUDA's fmin/fmax: NaN is dropped and -0.0 orders "
                  "below 0.0; the simulator uses Python's min/max (first of equal or unordered "
                  "values wins)")),
        Case("finite", grid=1, block=1,
             args=[values("float64", [2.0, -3.5, -0.0, 0.0]), values("int32", [-4]), out("float64", 8)],
             override={"out": {5: 0.0, 6: -0.0}},
             why=("fmax(-0.0, 0.0) is 0.0 and fmin(0.0, -0.0) is -0.0 (measured on an H200, operands "
                  "from memory); Python's return the first")),
    ]),
    Kernel("negative_index", [
        Case("sample", grid=1, block=8,
             args=[arange("float32", 8), arange("float32", (3, 8), 0.0, 10.0), out("float32", 8)]),
        Case("other", grid=1, block=8,
             args=[uniform("float32", 5, -1.0, 1.0, seed=22), uniform("float32", (2, 6), -1.0, 1.0, seed=23),
                   out("float32", 8)]),
    ]),
]

# ---- histogram_atomic.py ---------------------------------------------------------------------
# float64 bin arithmetic on both sides; np.int32 truncates toward zero. Values stay within
# +-1e6 so that the conversion to int32 is defined (no NaN or inf: np.int32 of them is not).


def histogram_args(n, seed, bins=18, lo=-0.5, hi=19.5, initial=0):
    # The range's edges are in the data: xmin lands in bin 0, xmax is left out, and a value
    # just below xmin truncates into bin 0 too.
    data = uniform("float64", n, lo, hi, seed=seed).at({0: 1.0, n - 1: 19.0} if n > 1 else {0: 0.5})
    return [data, scalar("float64", 1.0), scalar("float64", 19.0), full("int32", bins, initial)]


HISTOGRAM = [
    Kernel("cuda_histogram", [
        Case("size=1", grid=1, block=32, args=histogram_args(1, 130)),
        Case("size=37", grid=1, block=32, args=histogram_args(37, 131, initial=3)),
        Case("size=1000,bins=5", grid=2, block=128, args=histogram_args(1000, 132, bins=5)),
        Case("size=10007", grid=32, block=128, args=histogram_args(10007, 133)),
        Case("wide range", grid=8, block=128, args=histogram_args(4099, 134, lo=-1e6, hi=1e6)),
    ]),
    # histogram_out must have NBINS = 18 bins; blocks smaller than 18 threads clear and publish
    # several bins per thread.
    Kernel("shared_histogram", [
        Case("size=1", grid=1, block=32, args=histogram_args(1, 135)),
        Case("size=37,block=8", grid=2, block=8, args=histogram_args(37, 136, initial=1)),
        Case("size=1000", grid=8, block=128, args=histogram_args(1000, 137)),
        Case("size=4099,grid-stride", grid=5, block=64, args=histogram_args(4099, 138)),
    ]),
]

# ---- monte_carlo_pi.py -----------------------------------------------------------------------
# The generator states come from numba.cuda.random (worker) and from py2cuda's runtime
# (harness, rng:COUNT:SEED): equal counts need bit-identical sequences. x**2 + y**2 is float32
# on both sides, rounded twice (an x86-64 host compiler does not contract it into an FMA).

MONTE_CARLO = [
    Kernel("count_inside", [
        Case("sample", grid=4, block=64,
             args=[rng_states(200, 2024), scalar("int64", 100), out("int32", 200)]),
        Case("one thread", grid=1, block=32,
             args=[rng_states(1, 7), scalar("int64", 1000), out("int32", 1)]),
        Case("threads=37", grid=2, block=32,
             args=[rng_states(37, 12345), scalar("int64", 30), out("int32", 37)]),
        Case("iterations=0", grid=1, block=8,
             args=[rng_states(8, 1), scalar("int64", 0), out("int32", 8)]),
    ]),
]

# ---- block_reduction.py ----------------------------------------------------------------------
# Blocks of TPB = 128 threads. Every thread sums its grid-stride elements in order, then the
# tree adds pairs in a fixed order: the same float32 additions on both sides, so exact.

BLOCK_REDUCTION = [
    Kernel("block_sum", [
        Case("size=1", grid=1, block=128, args=[values("float32", [2.5]), out("float32", 1)]),
        Case("size=37", grid=1, block=128,
             args=[uniform("float32", 37, -1.0, 1.0, seed=140), out("float32", 1)]),
        Case("size=1000", grid=2, block=128,
             args=[uniform("float32", 1000, -1e3, 1e3, seed=141), out("float32", 2)]),
        Case("size=10007,grid-stride", grid=8, block=128,
             args=[uniform("float32", 10007, -4.0, 4.0, seed=142), out("float32", 8)]),
        # The second pass of the sample: one block over the partial sums.
        Case("partials", grid=1, block=128, args=[uniform("float32", 40, -50.0, 50.0, seed=143),
                                                  out("float32", 1)]),
    ]),
]

# ---- matmul_shared.py ------------------------------------------------------------------------
# 16 x 16 blocks, x over C's columns and y over its rows. The dot products add in the same
# order on both sides (tile by tile, j = 0..15): exact float32.


def matmul_args(m, k, n, seed):
    return [uniform("float32", (m, k), -1.5, 1.5, seed=seed),
            uniform("float32", (k, n), -2.5, 2.5, seed=seed + 1), out("float32", (m, n))]


MATMUL = [
    Kernel("fast_matmul", [
        Case("1x1x1", grid=(1, 1), block=(16, 16), args=matmul_args(1, 1, 1, 144)),
        Case("17x16x33", grid=(3, 2), block=(16, 16), args=matmul_args(17, 16, 33, 146)),
        Case("50x37x70", grid=(5, 4), block=(16, 16), args=matmul_args(50, 37, 70, 148)),
    ]),
]

# ---- matrix_add_2d.py ------------------------------------------------------------------------


def matrix_stride_args(rows, cols, seed):
    return [uniform("float32", (rows, cols), -1e3, 1e3, seed=seed),
            uniform("float32", (rows, cols), -1e3, 1e3, seed=seed + 1),
            out("float32", (rows, cols)), full("int32", (rows, cols), 0)]


MATRIX_STRIDE = [
    # visits counts how often each element was written: 1 everywhere whatever the grid.
    Kernel("add_matrix_stride", [
        Case("small grid", grid=(2, 1), block=(16, 16), args=matrix_stride_args(45, 70, 150)),
        Case("covering", grid=(5, 3), block=(16, 16), args=matrix_stride_args(45, 70, 152)),
        Case("oversized", grid=(7, 5), block=(16, 16), args=matrix_stride_args(45, 70, 154)),
        Case("shape=1x1", grid=(1, 1), block=(16, 16), args=matrix_stride_args(1, 1, 156)),
        Case("shape=37x3", grid=(1, 2), block=(4, 8), args=matrix_stride_args(37, 3, 158)),
    ]),
]

# ---- transpose_shared.py ---------------------------------------------------------------------
# 32 x 32 blocks (TPB = 32), x over the columns of `a`.


def tile_transpose_args(rows, cols, seed):
    return [uniform("float32", (rows, cols), -1e3, 1e3, seed=seed), out("float32", (cols, rows))]


def tile_transpose_cases(seed):
    return [
        Case("shape=1x1", grid=(1, 1), block=(32, 32), args=tile_transpose_args(1, 1, seed)),
        Case("shape=32x32", grid=(1, 1), block=(32, 32), args=tile_transpose_args(32, 32, seed + 1)),
        Case("shape=40x33", grid=(2, 2), block=(32, 32), args=tile_transpose_args(40, 33, seed + 2)),
    ]


TRANSPOSE_SHARED = [
    Kernel("tile_transpose", tile_transpose_cases(160)),
    Kernel("tile_transpose_padded", tile_transpose_cases(170)),
]

# ---- warp_reduction.py -----------------------------------------------------------------------
# Blocks of TPB = 128 threads (whole warps; shared slots for 4 warps). The simulator has no
# warp functions: the expected values are the exact sums of the elements each block visits
# (multiples of 0.125 whose sums are exact in float32, so the order of the additions does not
# matter) and the number of positive elements.

WARP_WHY = "Numba's simulator has no warp functions (shfl_down_sync, ballot_sync)"


def warp_block_sum_case(label, x, grid):
    return Case(label, grid=grid, block=128, args=[values("float32", x), out("float32", grid)],
                expect={"partial": values("float32", warp_model.block_sums(x, grid, 128))}, why=WARP_WHY)


def count_positive_case(label, x, grid):
    return Case(label, grid=grid, block=128, args=[values("float32", x), full("int32", 1, 3)],
                expect={"count": values("int32", [3 + sum(v > 0 for v in x)])}, why=WARP_WHY)


WARP_REDUCTION = [
    Kernel("block_sum", [
        warp_block_sum_case("size=1", [2.5], 1),
        warp_block_sum_case("size=37", prand(37, -4.0, 4.0, 150, step=0.125), 1),
        warp_block_sum_case("size=1000", prand(1000, -4.0, 4.0, 151, step=0.125), 2),
        warp_block_sum_case("size=10007,grid-stride", prand(10007, -4.0, 4.0, 152, step=0.125), 8),
        # The second pass of the sample: one block over 40 partial sums.
        warp_block_sum_case("partials", prand(40, -300.0, 300.0, 153, step=0.125), 1),
    ]),
    Kernel("count_positive", [
        count_positive_case("size=1", [0.5], 1),
        count_positive_case("size=37", prand(37, -1.0, 1.0, 154, step=0.125), 1),
        count_positive_case("size=1000", prand(1000, -1.0, 1.0, 155, step=0.125), 2),
        count_positive_case("size=10007,grid-stride", prand(10007, -4.0, 4.0, 156, step=0.125), 8),
    ]),
]

# ---- stencil_grid_sync.py --------------------------------------------------------------------
# One launch runs every smoothing step, with a grid barrier (cuda.cg.this_grid().sync()) between
# them. Numba's simulator implements grid.sync() as syncthreads and supports one-block grids
# only, so only the one-block case is simulated; the others give the values from first
# principles: the same float64 operations in the same order, in plain Python. The inputs are
# integers below 4096 and every step adds two binary digits, so every value is exact anyway.


def heat_inputs(n):
    return [float((k * 2654435761) % 4096) for k in range(n)]


def heat_model(u0, steps, b0):
    """The arrays a and b after `steps` ping-pong steps (a -> b, b -> a, ...)."""
    n = len(u0)
    a, b = list(u0), [b0] * n
    for step in range(steps):
        src, dst = (a, b) if step % 2 == 0 else (b, a)
        dst[:] = [src[i] if i == 0 or i == n - 1 else 0.25 * src[i - 1] + 0.5 * src[i] + 0.25 * src[i + 1]
                  for i in range(n)]
    return a, b


def heat_case(label, n, steps, grid, block):
    args = [values("float64", heat_inputs(n)), out("float64", n), scalar("int64", steps)]
    a, b = heat_model(heat_inputs(n), steps, SENTINEL["float64"])
    return Case(label, grid=grid, block=block, args=args,
                expect={"a": values("float64", a), "b": values("float64", b)},
                why=("grid.sync() across blocks: the simulator runs a grid's blocks one after another "
                     "and syncs only the block (it supports one-block cooperative grids); computed in "
                     "plain Python, same operations and order"))


STENCIL_GRID_SYNC = [
    Kernel("heat_steps", [
        Case("one block,n=300,steps=4", grid=1, block=64,
             args=[values("float64", heat_inputs(300)), out("float64", 300), scalar("int64", 4)]),
        heat_case("sample,n=5003,steps=8", 5003, 8, 8, 64),
        heat_case("n=100,steps=5", 100, 5, 3, 32),  # odd: the result ends in b
        heat_case("n=1,steps=3", 1, 3, 2, 32),
        heat_case("n=2,steps=0", 2, 0, 4, 32),
    ]),
]

TABLE = {
    "samples/stencil_grid_sync.py": STENCIL_GRID_SYNC,
    "samples/block_reduction.py": BLOCK_REDUCTION,
    "samples/warp_reduction.py": WARP_REDUCTION,
    "samples/matmul_shared.py": MATMUL,
    "samples/matrix_add_2d.py": MATRIX_STRIDE,
    "samples/transpose_shared.py": TRANSPOSE_SHARED,
    "samples/histogram_atomic.py": HISTOGRAM,
    "samples/monte_carlo_pi.py": MONTE_CARLO,
    "samples/hypot_kernel.py": HYPOT,
    "samples/gaussian_pdf.py": GAUSS,
    "samples/polar_distance.py": POLAR,
    "samples/zero_suppression.py": ZERO,
    "samples/make_pulses.py": PULSES,
    "samples/hidden_layer.py": HIDDEN,
    "samples/saxpy_grid_stride.py": SAXPY,
    "samples/matrix_2d.py": MATRIX,
    "samples/python_semantics.py": SEMANTICS,
}
