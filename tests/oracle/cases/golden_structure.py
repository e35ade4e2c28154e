"""Oracle cases for the golden inputs about structure (tests/golden/*.py, part 2): control flow,
arrays and indexing, the thread hierarchy, device functions, signatures and decorators.

Where the simulator's NumPy typing changes a result for a case's inputs, the expected values
come from a small first-principles model next to the case, with the reason.
"""
import math

from spec import INF, NAN, Case, Kernel, arange, full, integers, out, scalar, uniform, values
from cases.common import SENTINEL_F, differing, elementwise, f32, prand, prand_ints, sum_float32, wrap

NUMPY_FLOAT32 = ("the simulator computes float32 op Python-float in float32 (NumPy's weak-scalar "
                 "rule), where Numba computes in float64")

# ---- annotations_signature.py ----------------------------------------------------------------


def blur_args(a, n, passes):
    size = a.size
    return [a, out("float64", size), scalar("int64", n), scalar("int64", passes)]


# Integer-valued inputs: smoothing adds two bits per pass, so float32 (the simulator) and float64
# (Numba: 0.25 * float32 is float64) agree exactly for a few passes.
ANNOTATIONS = [
    Kernel("blur", [
        Case("sample", grid=1, block=16,
             args=blur_args(values("float32", [0.0, 0.0, 4.0, 0.0, 0.0, 8.0, 8.0, 0.0, 16.0]), 9, 2)),
        Case("size=1,passes=5", grid=1, block=32, args=blur_args(values("float32", [5.0]), 1, 5)),
        Case("size=37,passes=3", grid=2, block=32,
             args=blur_args(integers("float32", 37, -1000, 1000, seed=60), 37, 3)),
        Case("size=1000,n=600", grid=8, block=128,
             args=blur_args(integers("float32", 1000, -1000, 1000, seed=61), 600, 1)),
        Case("size=4099,passes=0", grid=33, block=128,
             args=blur_args(integers("float32", 4099, -1000, 1000, seed=62), 4099, 0)),
    ]),
]

# ---- array_attributes.py ---------------------------------------------------------------------


def attributes_case(label, v, m, t):
    return Case(label, grid=1, block=1,
                args=[full("float32", v, 0.0), full("float64", m, 0.0), full("int16", t, 0),
                      out("int64", 13)])


ATTRIBUTES = [
    Kernel("attributes", [
        attributes_case("sample", 17, (3, 8), (2, 5, 4)),
        attributes_case("ones", 1, (1, 1), (1, 1, 1)),
        attributes_case("other", 1000, (7, 3), (3, 4, 9)),
    ]),
]

# ---- array_layouts.py ------------------------------------------------------------------------


def axpy_args(n):
    return [uniform("float32", n, -1e3, 1e3, seed=63), uniform("float32", n, -1e3, 1e3, seed=64),
            out("float32", n)]


LAYOUTS = [
    # 2 * x + y: float64 in Numba (2 is an int64 literal), float32 in the simulator. 2 * x is
    # exact either way and the sum is rounded once, so they agree unless 2 * x overflows float32.
    Kernel("axpy_contiguous", elementwise(axpy_args) + [
        Case("overflow,size=5", grid=1, block=8,
             args=[values("float32", [3e38, -3e38, 1e-45, 0.5, 1.5]),
                   values("float32", [-3e38, 3e38, -1e-45, 0.25, 3e38]), out("float32", 5)],
             override={"out": {0: f32(2 * f32(3e38) - f32(3e38)), 1: f32(-2 * f32(3e38) + f32(3e38))}},
             why=("2 * 3e38 is float64 in Numba (no overflow), so 2 * 3e38 - 3e38 is 3e38; the "
                  "simulator's float32 product overflows to inf")),
    ]),
    Kernel("row_max", [
        Case("sample", grid=1, block=4,
             args=[values("int32", [(k * 7) % 11 - 5 for k in range(24)], shape=(4, 6)), out("int64", 4)]),
        Case("shape=1x1", grid=1, block=32, args=[values("int32", [-7], shape=(1, 1)), out("int64", 1)]),
        Case("shape=37x5", grid=2, block=32,
             args=[integers("int32", (37, 5), -2**31, 2**31 - 1, seed=65), out("int64", 37)]),
        Case("shape=1000x3", grid=8, block=128,
             args=[integers("int32", (1000, 3), -100, 100, seed=66), out("int64", 1000)]),
    ]),
    Kernel("depth_sum", [
        Case("sample", grid=(1, 1), block=(2, 4),
             args=[arange("float64", (2, 3, 4), 0.0, 0.5), out("float64", (2, 3))]),
        Case("shape=5x7x3", grid=(1, 1), block=(8, 8),
             args=[uniform("float64", (5, 7, 3), -1.0, 1.0, seed=67), out("float64", (5, 7))]),
        Case("shape=37x20x6", grid=(3, 2), block=(16, 16),
             args=[uniform("float64", (37, 20, 6), -1e6, 1e6, seed=68), out("float64", (37, 20))]),
    ]),
]

# ---- arrays_2d_3d.py -------------------------------------------------------------------------

ROW_SUM_WHY = ("`s = 0; s += int32` makes s int64 in Numba; in the simulator the Python int 0 "
               "plus a NumPy int32 stays int32 and wraps")

ARRAYS = [
    Kernel("neighbours", [
        Case("sample", grid=(2, 2, 2), block=(2, 2, 4),
             args=[arange("float32", (3, 4, 5)), out("float32", (3, 4, 5))]),
        Case("shape=1x1x1", grid=(1, 1, 1), block=(2, 2, 2),
             args=[values("float32", [2.5], shape=(1, 1, 1)), out("float32", (1, 1, 1))]),
        Case("shape=9x7x13", grid=(3, 2, 2), block=(4, 4, 8),
             args=[uniform("float32", (9, 7, 13), -1e3, 1e3, seed=69), out("float32", (9, 7, 13))]),
    ]),
    Kernel("row_sums", [
        Case("sample", grid=1, block=8,
             args=[arange("int32", (5, 7), -50, 3), out("int64", 5), out("int32", (2, 2))]),
        Case("shape=37x9", grid=2, block=32,
             args=[integers("int32", (37, 9), -10**6, 10**6, seed=70), out("int64", 37),
                   out("int32", (2, 2))]),
        Case("overflow,shape=3x4", grid=1, block=8,
             args=[full("int32", (3, 4), 2147483647), out("int64", 3), out("int32", (2, 2))],
             override={"sums": {r: 4 * 2147483647 for r in range(3)}}, why=ROW_SUM_WHY),
    ]),
]

# ---- device_specialisation.py ----------------------------------------------------------------


def specialise_case(label, ints, f32s, f64s, block):
    n = len(ints)
    x = [f32(v) for v in f32s]
    # scale is declared float32(float32, float32): the float64 argument and 2.5 are converted
    # to float32, and the product is a float32.
    fix = differing({k: f32(f32(d) * 2.5) for k, d in enumerate(f64s)},
                    {k: d * 2.5 for k, d in enumerate(f64s)})
    return Case(label, grid=-(-n // block), block=block,
                args=[values("int64", ints), values("float32", x), values("float64", f64s),
                      out("int64", n), out("float32", n), out("float64", n), out("float64", n)],
                override={"out_scaled": fix} if fix else {},
                why=("scale() has the signature float32(float32, float32), so Numba converts "
                     "its float64 argument to float32; the simulator ignores signatures and "
                     "multiplies the float64") if fix else "")


SPECIALISATION = [
    Kernel("specialise", [
        specialise_case("sample", [-5, 3, 12, 10], [0.25, 0.75, 1.0, 0.5], [-3.0, 0.1, 7.0, 0.9], 4),
        specialise_case("size=37", prand_ints(37, -20, 30, 71), prand(37, -1.0, 2.0, 72),
                        prand(37, -3.0, 3.0, 73), 32),
    ]),
]

# ---- device_tuple_return.py ------------------------------------------------------------------

# (a, b) pairs whose hypot is exact (scaled Pythagorean triples, and zeros), so hypotf and the
# float64 hypot agree; multiples of 1/4 keep the float32 sums exact.
TUPLE_A = [1.0, 5.0, -2.0, 3.5, 3.0, -5.0, 0.75, 8.0, 0.0, -7.0, 20.0, 1.5, 9.0, -0.5]
TUPLE_B = [2.0, 0.5, -2.0, 8.0, 4.0, 12.0, -1.0, 15.0, -2.5, 24.0, 21.0, 2.0, 12.0, 0.0]


def use_tuples_case(label, a, b, ints, block):
    n = len(a)
    means = [sum(a[:k + 1]) / (k + 1) for k in range(n)]  # float64: total / count
    override = {}
    for k in range(n):
        override[(k, 6)] = means[k]
        override[(k, 7)] = float(means[k] > 1.0)
        override[(k, 8)] = f32(math.hypot(a[k], b[k]))
    return Case(label, grid=-(-n // block), block=block,
                args=[values("float32", a), values("float32", b), values("int64", ints),
                      out("float64", (n, 9))],
                override={"out": override},
                why=("stats() accumulates `total = 0.0; total += float32` in float64 in Numba, "
                     "the simulator in float32, and divides in float32; math.hypot of two "
                     "float32 is hypotf (a float32) in Numba, a float64 in the simulator"))


TUPLE_RETURN = [
    Kernel("use_tuples", [
        use_tuples_case("sample", TUPLE_A[:4], TUPLE_B[:4], [7, -7, 0, 10], 4),
        use_tuples_case("size=14", TUPLE_A, TUPLE_B, prand_ints(14, -100, 100, 74), 8),
    ]),
]

# ---- early_return.py -------------------------------------------------------------------------

EARLY_RETURN = [
    Kernel("guards", [
        Case("sample", grid=1, block=16,
             args=[values("int64", [7, 10, -4, 0, 13, 24, 97]), values("int64", [3, 13, 24, 7, 7, 100]),
                   full("int64", (7, 3), 999)]),
        Case("size=37", grid=2, block=32,
             args=[values("int64", prand_ints(37, -20, 200, 75)), values("int64", prand_ints(20, 0, 100, 76)),
                   out("int64", (37, 3))]),
        Case("size=1000", grid=8, block=128,
             args=[integers("int64", 1000, -50, 1000, seed=77), integers("int64", 50, 0, 1000, seed=78),
                   out("int64", (1000, 3))]),
    ]),
]

# ---- for_range.py ----------------------------------------------------------------------------

FOR_RANGE = [
    Kernel("visit", [
        Case(f"n={n}", grid=1, block=1, args=[full("int64", size, 0), scalar("int32", n), out("int64", 3)])
        for n, size in ((5, 40), (0, 40), (-3, 40), (2, 33), (9, 64))
    ]),
]

# ---- from_imports.py -------------------------------------------------------------------------

AREAS_WHY = ("circle_area is pi * r * r, float64 in Numba, and msqrt(area / pi) is then r to within "
             "3 float64 ulp, which rounds back to the float32 r exactly; the simulator multiplies "
             "pi * float32 in float32 (NumPy's weak-scalar rule) and can be 1 float32 ulp off")


def areas_case(label, radii, n, grid, block):
    r = [f32(v) for v in radii]
    expected = [r[k] if k < n else SENTINEL_F for k in range(len(r))]
    return Case(label, grid=grid, block=block,
                args=[values("float32", r), out("float32", len(r)), scalar("int64", n)],
                expect={"out": values("float32", expected)}, why=AREAS_WHY)


FROM_IMPORTS = [
    Kernel("areas", [
        areas_case("sample", [k * 1.5 for k in range(7)], 7, 1, 4),
        areas_case("size=37,n=30", prand(37, 0.0, 100.0, 79), 30, 1, 8),
        areas_case("size=1000", prand(1000, 0.0, 1e15, 80), 1000, 3, 32),
    ]),
]

# ---- grid_gridsize.py ------------------------------------------------------------------------
# No bounds checks in these kernels: the output is exactly as large as the grid.

GRID = [
    Kernel("record_1d", [
        Case("sample", grid=3, block=4, args=[out("int64", (12, 2))]),
        Case("one", grid=1, block=1, args=[out("int64", (1, 2))]),
        Case("large", grid=5, block=64, args=[out("int64", (320, 2))]),
        # y threads repeat the x threads' writes: grid(1) and gridsize(1) use x only.
        Case("2-D launch", grid=(2, 3), block=(32, 2), args=[out("int64", (64, 2))],
             benign_race="the y threads store the x threads' values into the same elements"),
    ]),
    Kernel("record_2d", [
        Case("sample", grid=(2, 3), block=(4, 2), args=[out("int64", (8, 6, 3))]),
        Case("row", grid=(1, 1), block=(32, 1), args=[out("int64", (32, 1, 3))]),
        Case("column", grid=(3, 1), block=(1, 16), args=[out("int64", (3, 16, 3))]),
    ]),
    Kernel("record_3d", [
        Case("sample", grid=(2, 1, 2), block=(2, 3, 2), args=[out("int64", (4, 3, 4))]),
        Case("uneven", grid=(1, 3, 2), block=(5, 1, 3), args=[out("int64", (5, 3, 6))]),
    ]),
]

# ---- if_elif_else.py -------------------------------------------------------------------------


def classify_model(scores):
    """grade and scaled as compiled Numba computes them (weight is float64 after the if)."""
    scaled = []
    for s in scores:
        if s >= 90.0:
            weight = 1
        elif s >= 75.0:
            weight = s / 100.0
        elif s >= 50.0:
            weight = s / 200.0
        else:
            weight = 0
        scaled.append(weight * 10)
    return scaled


def classify_case(label, scores, grid, block):
    s = [f32(v) for v in scores]
    return Case(label, grid=grid, block=block,
                args=[values("float32", s), out("int32", len(s)), out("float64", len(s))],
                override={"scaled": dict(enumerate(classify_model(s)))},
                why=("weight = s / 100.0 is float32 / float64: float64 in Numba, float32 in the "
                     "simulator (NumPy's weak-scalar rule)"))


IF_ELIF = [
    Kernel("classify", [
        classify_case("sample", [95.0, 90.0, 89.5, 75.0, 60.0, 59.5, 50.0, 12.0, -3.0, NAN], 2, 8),
        classify_case("size=37", prand(36, -10.0, 110.0, 81) + [INF], 2, 32),
    ]),
]

# ---- import_aliases.py -----------------------------------------------------------------------

IMPORT_ALIASES = [
    # cube_root is float32(float32): fabs(x) ** THIRD is powf on both sides.
    Kernel("roots", elementwise(lambda n: [uniform("float32", n, -1e3, 1e3, seed=82), out("float32", n)],
                                sizes=(1, 37, 1000)) + [
        Case("sample", grid=1, block=8,
             args=[values("float32", [27.0, -8.0, 0.0, 1000.0, 2.0]), out("float32", 5)]),
        Case("edges", grid=1, block=8,
             args=[values("float32", [-0.0, INF, -INF, NAN, 1e-45, 3.4e38]), out("float32", 6)]),
    ]),
    Kernel("block_ids", [
        Case("sample", grid=3, block=2, args=[out("int32", 6)]),
        Case("size=37", grid=2, block=32, args=[out("int32", 37)]),
        Case("size=1000", grid=8, block=128, args=[out("int32", 1000)]),
    ]),
]

# ---- jit_call_form.py ------------------------------------------------------------------------

JIT_CALL = [
    Kernel("sum_of_squares", elementwise(
        lambda n: [uniform("float32", n, -1e3, 1e3, seed=83), uniform("float32", n, -1e3, 1e3, seed=84),
                   out("float32", n)]) + [
        Case("sample", grid=1, block=8,
             args=[arange("float32", 5), arange("float32", 5, -2), out("float32", 5)]),
    ]),
]

# ---- atomic_order.py -------------------------------------------------------------------------

# Each thread's atomics touch only its own row of ow, so the results are deterministic; the
# simulator evaluates the expressions left to right, as Python does.
ATOMIC_ORDER = [
    Kernel("ordered", [
        Case("sample", grid=1, block=4, args=[arange("int64", (4, 8)), out("int64", (4, 8))]),
        Case("size=37", grid=2, block=32,
             args=[integers("int64", (37, 8), -1000, 1000, seed=95), out("int64", (37, 8))]),
    ]),
]

# ---- call_order.py ---------------------------------------------------------------------------

# As in atomic_order.py, each thread touches only its own row of w and its own element of cnt.
CALL_ORDER = [
    Kernel("ordered", [
        Case("sample", grid=1, block=4, args=[arange("int64", (4, 8)), full("int64", 4, 0), out("int64", (4, 7))]),
        Case("size=37", grid=2, block=32,
             args=[integers("int64", (37, 8), -1000, 1000, seed=96), full("int64", 37, 0), out("int64", (37, 7))]),
    ]),
]

# ---- decorator_options.py / decorator_codegen_options.py -------------------------------------

DECORATORS = [
    # plus_one(twice(x)) / 4: float64 steps in Numba, float32 in the simulator, each rounded
    # once to the same float32 (2 * x and / 4 are exact). Normal numbers only: fastmath may flush
    # subnormals to zero.
    Kernel("fast", elementwise(lambda n: [uniform("float32", n, -1e3, 1e3, seed=85), out("float32", n)]) + [
        Case("sample", grid=2, block=4, args=[arange("float32", 6, -2), out("float32", 6)]),
    ]),
]

CODEGEN = [
    Kernel("hash_indices", [
        Case("sample", grid=3, block=128, args=[out("int64", 300)]),
        Case("size=1", grid=1, block=32, args=[out("int64", 1)]),
        Case("size=4099", grid=33, block=128, args=[out("int64", 4099)]),
    ]),
    Kernel("total", [
        Case("sample", grid=1, block=256, args=[arange("int64", 300), out("int64", 1)]),
        # The sum wraps modulo 2**64 on both sides (NumPy int64 arithmetic wraps too).
        Case("wrapping", grid=2, block=128,
             args=[integers("int64", 1000, -2**63, 2**63 - 1, seed=86), out("int64", 1)]),
        Case("size=1", grid=1, block=1, args=[values("int64", [-5]), out("int64", 1)]),
    ]),
]

# ---- signature_forms.py ----------------------------------------------------------------------


def fill_case(label, n, value, block=32):
    # value + i is int32 + int64 -> int64 in Numba, stored (rounded) into float32.
    wraps = {i: f32(value + i) for i in range(n) if value + i > 2**31 - 1}
    return Case(label, grid=-(-n // block), block=block, args=[out("float32", n), scalar("int32", value)],
                override={"a": wraps} if wraps else {},
                why=("int32 + int64 is int64 in Numba: 2147483647 + 1 is 2147483648; the "
                     "simulator adds a NumPy int32 and a Python int in int32 and wraps") if wraps else "")


def abbreviations_model(n, size):
    """f, d, i, l, u, b as compiled Numba stores them (u: k * 60 keeps its low 8 bits)."""
    rows = [(k / 4, k / 4, -k, k * 1000000000000, (k * 60) % 256, k % 2 == 1) for k in range(n)]
    columns = list(zip(*rows)) if rows else [()] * 6
    pad = size - n
    return {
        "f": values("float32", list(columns[0]) + [SENTINEL_F] * pad),
        "d": values("float64", list(columns[1]) + [SENTINEL_F] * pad),
        "i": values("int32", list(columns[2]) + [-77] * pad),
        "l": values("int64", list(columns[3]) + [-77] * pad),
        "u": values("uint8", list(columns[4]) + [77] * pad),
        "b": values("bool", list(columns[5]) + [False] * pad),
    }


def abbreviations_args(size, n):
    return [out("float32", size), out("float64", size), out("int32", size), out("int64", size),
            out("uint8", size), out("bool", size), scalar("int64", n)]


SIGNATURES = [
    Kernel("fill", [
        fill_case("sample", 4, 10, block=4),
        fill_case("size=37", 37, -5),
        fill_case("wrap,size=37", 37, 2147483647 - 10),
        fill_case("size=1000", 1000, 123456, block=128),
    ]),
    Kernel("scale_in_place", [
        Case("sample", grid=1, block=4, args=[arange("float64", 4, 0.5), scalar("int32", 3)]),
        *elementwise(lambda n: [uniform("float64", n, -1e3, 1e3, seed=87), scalar("int32", -7)],
                     sizes=(1, 37, 1000)),
    ]),
    Kernel("abbreviations", [
        Case("sample,n=5", grid=1, block=1, args=abbreviations_args(5, 5)),
        Case("n=0", grid=1, block=1, args=abbreviations_args(3, 0)),
        Case("n=20", grid=1, block=1, args=abbreviations_args(20, 20),
             expect=abbreviations_model(20, 20),
             why=("u[k] = k * 60 stores an int64 into uint8, keeping the low 8 bits (300 -> 44); "
                  "NumPy refuses to store the out-of-range Python int, so the simulator stops")),
    ]),
    # Two signatures: the float32 and the float64 instantiation.
    Kernel("add_scalar", [
        Case("float32,sample", grid=1, block=4, args=[arange("float32", 3), scalar("float32", 0.1)]),
        Case("float64,sample", grid=1, block=4, args=[arange("float64", 3), scalar("float64", 0.1)]),
        Case("float32,size=1000", grid=8, block=128,
             args=[uniform("float32", 1000, -1e3, 1e3, seed=88), scalar("float32", -2.75)]),
        Case("float64,size=37", grid=2, block=32,
             args=[uniform("float64", 37, -1e3, 1e3, seed=89), scalar("float64", 1e-3)]),
    ]),
]

# ---- negative_indices.py ---------------------------------------------------------------------

NEGATIVE = [
    Kernel("from_the_end", [
        Case("sample", grid=1, block=8,
             args=[arange("float64", 6, 0.0, 1.5), arange("float64", (3, 4)), arange("float64", (2, 3, 4)),
                   values("uint32", [5, 4, 3, 2, 1, 0]), out("float64", (6, 6))]),
        Case("size=37", grid=2, block=32,
             args=[uniform("float64", 37, -1.0, 1.0, seed=90), uniform("float64", (5, 7), -1.0, 1.0, seed=91),
                   uniform("float64", (3, 4, 5), -1.0, 1.0, seed=92), integers("uint32", 37, 0, 36, seed=93),
                   out("float64", (37, 6))]),
    ]),
]

# ---- thread_block_indices.py -----------------------------------------------------------------

HIERARCHY = [
    Kernel("hierarchy", [
        Case("sample", grid=(3, 2), block=(8, 4, 2), args=[out("int32", (384, 10))]),
        Case("one", grid=1, block=1, args=[out("int32", (1, 10))]),
        Case("two warps", grid=1, block=40, args=[out("int32", (40, 10))]),
        Case("odd block", grid=(2, 2), block=(5, 3, 3), args=[out("int32", (180, 10))]),
    ]),
]

# ---- tuple_locals.py -------------------------------------------------------------------------


def tuples_case(label, xs):
    x = [f32(v) for v in xs]
    fix = differing({2: 3 * 2.5 + x[2]}, {2: f32(3 * 2.5 + x[2])})
    return Case(label, grid=1, block=1, args=[values("float32", x), out("float64", 8)],
                override={"out": fix} if fix else {},
                why=("mixed[0] * mixed[1] + mixed[2] is 7.5 + float32: float64 in Numba, float32 "
                     "in the simulator (NumPy's weak-scalar rule)") if fix else "")


TUPLES = [
    Kernel("tuples", [
        tuples_case("sample", [1.5, -4.0, 0.25]),
        tuples_case("inexact", [0.1, 0.2, 0.3]),
        tuples_case("equal", [2.0, 2.0, 1e-8]),
    ]),
]

# ---- variable_type_merging.py ----------------------------------------------------------------


def merge_case(label, fs, i32, u64, i64_):
    f = [f32(v) for v in fs]
    s = 0.0
    for v in f:
        s += v  # float64 additions, in order, as Numba's float64 `s` does
    fix = differing({0: s, 3: i32 + 3}, {0: sum_float32(f), 3: wrap(i32 + 3, 32)})
    return Case(label, grid=1, block=1,
                args=[values("float32", f), values("int32", [i32]), values("uint64", [u64]),
                      values("int64", [i64_]), out("float64", 5)],
                override={"out": fix} if fix else {},
                why=("`s = 0` then `s += float32` in a loop is float64 in Numba (float32 in the "
                     "simulator), and `n = int32; n = n + 1` is int64 (the simulator's int32 "
                     "wraps)") if fix else "")


MERGING = [
    Kernel("merge", [
        merge_case("sample", [16777216.0, 1.0, 1.0, 1.0, 1.0], 2147483647, 18446744073709551615, -5),
        merge_case("other", [0.1, 0.2, 0.3, 1e8, -1e8], -5, 12345, 7),
        merge_case("one", [-2.5], 2147483646, 2**63, -1),
    ]),
]

# ---- iteration.py ----------------------------------------------------------------------------


def iteration_case(label, a_values, b_values):
    a = [f32(v) for v in a_values]
    total = 0.0
    for v in a:
        total += v  # `total = 0.0; total += float32`: float64 in Numba
    fix = differing({0: total}, {0: sum_float32(a)})
    return Case(label, grid=1, block=1,
                args=[values("float32", a), values("float32", [f32(v) for v in b_values]),
                      out("float64", 13)],
                override={"out": fix} if fix else {},
                why=(f"{NUMPY_FLOAT32}: the sum `total` starts as 0.0 and accumulates float32 "
                     "values") if fix else "")


ITERATION = [
    # zip() stops at the shortest input: a and b may have different lengths (at most 9 pairs
    # fit in out[1:10]); a has at least one element, so `x` is bound after the last loop.
    Kernel("loops", [
        iteration_case("sample", [1.5, -2.0, 0.25, 4.0, 8.0, 3.0], [2.0, 0.5, -4.0, 1.0]),
        iteration_case("short", [0.1, 0.2], [0.3, 0.7, 0.9]),
        iteration_case("long", prand(12, -100.0, 100.0, 95), prand(9, -1.0, 1.0, 96)),
        iteration_case("one", [16777216.0], [1.0]),
    ]),
]

# ---- while_break_continue.py -----------------------------------------------------------------

LOOPS = [
    Kernel("loops", [
        Case("sample", grid=1, block=16,
             args=[values("int64", [1, 2, 6, 7, 27, 49, 97, 100]), out("int64", (8, 4))]),
        Case("size=37", grid=2, block=32, args=[arange("int64", 37, -3), out("int64", (37, 4))]),
        Case("size=200", grid=2, block=128,
             args=[integers("int64", 200, -5, 300, seed=94), out("int64", (200, 4))]),
    ]),
]

TABLE = {
    "tests/golden/annotations_signature.py": ANNOTATIONS,
    "tests/golden/array_attributes.py": ATTRIBUTES,
    "tests/golden/array_layouts.py": LAYOUTS,
    "tests/golden/arrays_2d_3d.py": ARRAYS,
    "tests/golden/device_specialisation.py": SPECIALISATION,
    "tests/golden/device_tuple_return.py": TUPLE_RETURN,
    "tests/golden/early_return.py": EARLY_RETURN,
    "tests/golden/for_range.py": FOR_RANGE,
    "tests/golden/from_imports.py": FROM_IMPORTS,
    "tests/golden/grid_gridsize.py": GRID,
    "tests/golden/if_elif_else.py": IF_ELIF,
    "tests/golden/import_aliases.py": IMPORT_ALIASES,
    "tests/golden/jit_call_form.py": JIT_CALL,
    "tests/golden/atomic_order.py": ATOMIC_ORDER,
    "tests/golden/call_order.py": CALL_ORDER,
    "tests/golden/decorator_options.py": DECORATORS,
    "tests/golden/decorator_codegen_options.py": CODEGEN,
    "tests/golden/signature_forms.py": SIGNATURES,
    "tests/golden/negative_indices.py": NEGATIVE,
    "tests/golden/thread_block_indices.py": HIERARCHY,
    "tests/golden/tuple_locals.py": TUPLES,
    "tests/golden/variable_type_merging.py": MERGING,
    "tests/golden/while_break_continue.py": LOOPS,
    "tests/golden/iteration.py": ITERATION,
}
