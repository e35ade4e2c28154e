"""Oracle cases for tests/golden/constant_memory.py: module-level NumPy arrays read in kernels.

The simulator runs these as Numba's kernels would: a global array is the NumPy array itself and
cuda.const.array_like returns it, so its outputs are the oracle. The smoothing sums are float32
products and sums in the order the kernel writes them on both sides (the taps are powers of two
times small integers, so most are exact anyway).
"""
from spec import Case, Kernel, full, integers, out, uniform
from cases.common import elementwise

CONSTANTS = [
    Kernel("smooth", elementwise(
        lambda n: [uniform("float32", n, -100.0, 100.0, seed=401), out("float32", n)], sizes=(1, 5, 37, 1000)) + [
        # A launch with more threads than elements, and more elements than threads.
        Case("spare threads", grid=2, block=32, args=[uniform("float32", 40, 0.0, 1.0, seed=402), out("float32", 40)]),
        Case("short grid", grid=1, block=8, args=[uniform("float32", 20, 0.0, 1.0, seed=403), out("float32", 20)]),
    ]),
    Kernel("weighted", [
        Case("3x4", grid=(1, 1), block=(4, 4), args=[integers("int32", (3, 4), -1000, 1000, seed=404),
                                                      out("int64", (3, 4))]),
        # |x| <= 1e8 keeps x * w inside int32: the simulator multiplies NumPy int32 by int16 in
        # int32 (wrapping), where Numba (and py2cuda) widen to int64.
        Case("17x9", grid=(5, 3), block=(4, 4), args=[integers("int32", (17, 9), -10**8, 10**8, seed=405),
                                                       out("int64", (17, 9))]),
        Case("1x1", grid=(1, 1), block=(1, 1), args=[integers("int32", (1, 1), -5, 5, seed=406),
                                                      out("int64", (1, 1))]),
    ]),
    Kernel("tables", [
        Case("one block", grid=1, block=32, args=[full("float64", 5, -1.0)]),
        Case("exact threads", grid=1, block=5, args=[out("float64", 5)]),
        Case("several blocks", grid=3, block=2, args=[out("float64", 5)]),
    ]),
]

# tests/golden/module_constant_expressions.py: arrays computed by NumPy expressions at module
# level (int32 arange * 3, cos of a linspace cast to float32, a transposed 2-D quotient, a uint8
# eye * 2). The simulator reads the NumPy arrays themselves, so its outputs are the oracle; the
# values are exact on both sides except PHASES, which py2cuda computes with the host's libm cos
# where NumPy may use its SIMD cos (both within the float32 cast here).
MODULE_EXPRESSIONS = [
    Kernel("read_tables", [
        Case("one block", grid=1, block=32, args=[out("int32", 20), out("float32", 20), out("float64", (3, 3))]),
        Case("exact threads", grid=1, block=16, args=[out("int32", 16), out("float32", 16), out("float64", (3, 3))]),
        Case("several blocks", grid=4, block=8, args=[out("int32", 30), out("float32", 30), out("float64", (3, 3))]),
    ]),
]

TABLE = {
    "tests/golden/constant_memory.py": CONSTANTS,
    "tests/golden/module_constant_expressions.py": MODULE_EXPRESSIONS,
}
