"""Oracle cases for the golden inputs about views and values (tests/golden/array_slicing.py,
tests/golden/optional_results.py).

The simulator slices NumPy arrays, which is what Numba's views reproduce, so it is the oracle
for every slicing case: bounds past either end, negative steps, empty slices. It runs device
functions as Python, where None is None, so it is the oracle for Optional results too.
"""
from spec import INF, NAN, Case, Kernel, arange, cycle, full, integers, out, scalar, uniform, values

# Integer-valued floats: every sum below is exact in both float32 and float64.


def take_case(label, n, lo, hi, step):
    return Case(label, grid=1, block=1,
                args=[arange("int32", n, -7, 3), scalar("int64", lo), scalar("int64", hi),
                      scalar("int64", step), out("int32", n + 1)])


SLICING = [
    Kernel("matvec", [
        Case("4x3", grid=1, block=32,
             args=[arange("float64", (4, 3)), arange("float64", 3, 1), out("float64", 4)]),
        Case("37x9", grid=2, block=32,
             args=[integers("float64", (37, 9), -50, 50, seed=301),
                   integers("float64", 9, -5, 5, seed=302), out("float64", 37)]),
    ]),
    Kernel("column_norms", [
        Case("4x3", grid=1, block=32,
             args=[arange("float64", (4, 3)), full("float64", 10, 1.0), out("float64", 3)]),
        Case("11x40", grid=2, block=32,
             args=[integers("float64", (11, 40), -20, 20, seed=303),
                   integers("float64", 15, -3, 3, seed=304), out("float64", 40)]),
    ]),
    Kernel("take_slice", [
        take_case("8:1:-3", 10, 8, 1, -3),
        take_case("2:9:1", 10, 2, 9, 1),
        take_case("-100:100:2", 10, -100, 100, 2),
        take_case("100:-100:-1", 10, 100, -100, -1),
        take_case("-3:-1:1", 10, -3, -1, 1),
        take_case("5:5:1 (empty)", 10, 5, 5, 1),
        take_case("7:2:1 (empty)", 10, 7, 2, 1),
        take_case("0:37:5", 37, 0, 37, 5),
        take_case("-1:-38:-4", 37, -1, -38, -4),
    ]),
    Kernel("fixed_slices", [
        Case("10", grid=1, block=1, args=[arange("int32", 10, 0, 3), full("int32", (4, 10), 0)]),
        Case("12", grid=1, block=1,
             args=[integers("int32", 12, -1000, 1000, seed=305), full("int32", (4, 12), 0)]),
    ]),
    Kernel("plane_sums", [
        Case("2x3x4", grid=1, block=32, args=[arange("float32", (2, 3, 4)), out("float32", 2)]),
        Case("40x5x7", grid=2, block=32,
             args=[integers("float32", (40, 5, 7), -100, 100, seed=306), out("float32", 40)]),
    ]),
    Kernel("shifted_window", [
        Case("70", grid=3, block=32, args=[arange("float32", 70), out("float32", 70)]),
        Case("64", grid=2, block=32,
             args=[integers("float32", 64, -1000, 1000, seed=307), out("float32", 64)]),
        Case("1", grid=1, block=32, args=[full("float32", 1, 5.0), out("float32", 1)]),
    ]),
    Kernel("clear_border", [
        Case("6x5,width=2", grid=1, block=1, args=[full("float64", (6, 5), 1.0), scalar("int32", 2)]),
        Case("9x4,width=3", grid=1, block=1,
             args=[uniform("float64", (9, 4), -1, 1, seed=308), scalar("int32", 3)]),
        Case("5x8,width=0", grid=1, block=1,
             args=[uniform("float64", (5, 8), -1, 1, seed=309), scalar("int32", 0)]),
    ]),
]

# Zero divisors (None), exact quotients, signed zeros and infinities.
RATIO_X = [1.0, 3.0, -2.0, 0.0, 7.0, -0.0, INF, 5.0, NAN]
RATIO_Y = [2.0, 0.0, 4.0, 0.0, -0.5, 3.0, 2.0, -0.0, 1.0]

OPTIONAL = [
    Kernel("ratios", [
        Case("edges", grid=1, block=32,
             args=[values("float64", RATIO_X), values("float64", RATIO_Y), out("float64", 9)]),
        Case("size=300", grid=3, block=128,
             args=[integers("float64", 300, -9, 9, seed=310), integers("float64", 300, -2, 2, seed=311),
                   out("float64", 300)]),
    ]),
    Kernel("first_negatives", [
        Case("3x4", grid=1, block=32,
             args=[values("int64", [3, 1, -4, -1, 5, 9, 2, 6, -5, 3, 5, 8], (3, 4)), out("int64", 3)]),
        Case("70x6", grid=3, block=32,
             args=[integers("int64", (70, 6), -2, 30, seed=312), out("int64", 70)]),
        Case("5x0", grid=1, block=32, args=[full("int64", (5, 0), 0), out("int64", 5)]),
    ]),
    Kernel("roots", [
        Case("edges", grid=1, block=32,
             args=[values("float32", [4.0, -1.0, 2.25, 0.0, -0.0, INF, -INF, NAN, 1e-40]),
                   out("float32", 9), out("int32", 9)]),
        Case("size=200", grid=2, block=128,
             args=[cycle("float32", 200, [16.0, -9.0, 0.25, 1.0]), out("float32", 200), out("int32", 200)]),
    ]),
    Kernel("digit_sum", [
        Case("a1b22c333", grid=1, block=1,
             args=[values("uint8", list(b"a1b22c333")), out("int64", 1)]),
        Case("no digits", grid=1, block=1, args=[values("uint8", list(b"py2cuda!")), out("int64", 1)]),
        Case("all bytes", grid=1, block=1, args=[arange("uint8", 256), out("int64", 1)]),
    ]),
]

TABLE = {
    "tests/golden/array_slicing.py": SLICING,
    "tests/golden/optional_results.py": OPTIONAL,
}
