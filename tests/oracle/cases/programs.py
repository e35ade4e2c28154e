"""Oracle cases for tests/programs/*.py (whole programs; here only their kernels are tested)."""
from spec import Case, Kernel, full, integers, out, scalar, uniform, values
from cases.common import elementwise

PROGRAMS_HEAT = [
    # float64 throughout on both sides: exact.
    Kernel("heat_step", elementwise(
        lambda n: [uniform("float64", n, 0.0, 100.0, seed=100), out("float64", n),
                   scalar("float64", 0.25)]) + [
        Case("sample,spike", grid=4, block=32,
             args=[full("float64", 101, 0.0).at({50: 100.0}), out("float64", 101), scalar("float64", 0.25)]),
    ]),
]

PROGRAMS_HOST_ARRAYS = [
    # m[i, j] *= factor: one float32 product on both sides.
    Kernel("scale_2d", [
        Case("sample", grid=(1, 1), block=(4, 4),
             args=[values("float32", list(range(12)), shape=(3, 4)), scalar("float32", 0.5)]),
        Case("shape=2x3", grid=(1, 1), block=(2, 4),
             args=[values("float32", list(range(6)), shape=(2, 3)), scalar("float32", 10.0)]),
        Case("shape=37x50", grid=(3, 4), block=(16, 16),
             args=[uniform("float32", (37, 50), -1e3, 1e3, seed=101), scalar("float32", -0.1)]),
    ]),
    Kernel("prefix_pairs", elementwise(
        lambda n: [integers("int64", n, -2**62, 2**62, seed=102), out("int64", n)]) + [
        Case("sample", grid=1, block=8, args=[values("int64", [0, 2, 4, 6, 8, 10]), out("int64", 6)]),
        # values[i] + values[i - 1] wraps modulo 2**64 on both sides.
        Case("wrapping", grid=1, block=8,
             args=[values("int64", [2**63 - 1, 1, -2**63, -1]), out("int64", 4)]),
    ]),
]

PROGRAMS_LAUNCH = [
    Kernel("cover", [
        Case("2-D", grid=(2, 3), block=(4, 2), args=[full("int32", (6, 5, 4), 0)]),
        Case("3-D", grid=(3, 2, 2), block=(2, 3, 2), args=[full("int32", (6, 5, 4), 1)]),
        Case("exact", grid=(1, 1, 1), block=(6, 5, 4), args=[full("int32", (6, 5, 4), 0)]),
    ]),
    Kernel("cover_1d", [
        Case("sample", grid=4, block=32, args=[full("int32", 100, 0)]),
        Case("1-tuple", grid=2, block=64, args=[full("int32", 100, 5)]),
        Case("size=1", grid=1, block=1, args=[full("int32", 1, -1)]),
    ]),
]

TABLE = {
    "tests/programs/heat_equation_1d.py": PROGRAMS_HEAT,
    "tests/programs/host_arrays.py": PROGRAMS_HOST_ARRAYS,
    "tests/programs/launch_configurations.py": PROGRAMS_LAUNCH,
}
